import { defineConfig } from '@playwright/test';

const port = Number(process.env.E2E_PORT ?? 4300);
export const baseURL = `http://localhost:${port}`;

/**
 * Playwright against the built app: the API (serving web/dist) on a fresh embedded PostgreSQL per run, driven in
 * Debian's Chromium. `npm run build` must have run first.
 */
export default defineConfig({
  testDir: './specs',
  outputDir: './test-results',
  timeout: 45_000,
  expect: { timeout: 10_000 },
  fullyParallel: true,
  workers: process.env.CI ? 2 : 3,
  retries: 0,
  reporter: [['list']],
  use: {
    baseURL,
    headless: true,
    screenshot: 'only-on-failure',
    // A failed test keeps its trace: actions, network, console and DOM snapshots, but no screencast. Recording the
    // screencast made Chromium paint and encode frames all along and tripled the time an admin page took to show
    // (/admin/classes: 2.7-3.6 s without it, 8.5-12.8 s with it, one worker): the cause of the 10 s 'Loading...'
    // failures. The screenshot taken at the failure stays.
    trace: { mode: 'retain-on-failure', snapshots: true, screenshots: false, sources: true },
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
  projects: [
    { name: 'chromium', use: { browserName: 'chromium' }, grepInvert: /@timing/ },
    // The spec's "within 1 s" tests are measured once everything else has finished, one at a time, so what they
    // time is the app and not two cores shared with other workers' browsers (two of them side by side, four
    // Chromium pages, once took 1,150 ms where each alone takes 30–270 ms).
    { name: 'timing', use: { browserName: 'chromium' }, grep: /@timing/, dependencies: ['chromium'], workers: 1 },
  ],
  webServer: {
    command: 'node serve.mjs',
    url: `${baseURL}/healthz`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'ignore',
    stderr: 'pipe',
    gracefulShutdown: { signal: 'SIGTERM', timeout: 20_000 },
  },
});
