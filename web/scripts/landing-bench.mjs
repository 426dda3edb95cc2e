// Landing route initial JavaScript (brotli) against a React + ReactDOM hello page built with the same Vite config.
// Usage: node scripts/landing-bench.mjs [--json]   (builds web/dist first unless --no-build)
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants } from 'node:zlib';
import { build } from 'vite';
import { LANDING_BUDGET_BYTES, measure } from './landing-size.mjs';
import { precompressDist } from './precompress.mjs';

const web = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const configFile = path.join(web, 'vite.config.ts');
const FORBIDDEN = [
  ['data grid', /MuiDataGrid|@mui\/x-data-grid/],
  ['charts', /MuiCharts|@mui\/x-charts/],
  ['chat', /StaffChat|ChatPage|chatEvents|sendChatMessage/],
  ['Stripe', /js\.stripe\.com|@stripe\/stripe-js/],
];

const quiet = { logLevel: 'silent' };
// The build replaces web/dist: precompress it too, so it stays as `npm run build` leaves it for `npm start`.
if (!process.argv.includes('--no-build'))
  await build({ configFile, root: web, ...quiet }).then(() => precompressDist(path.join(web, 'dist')));
const app = measure(path.join(web, 'dist'));

// The baseline: React + ReactDOM rendering one heading, same config (plugins, aliases, conditions, target).
const helloRoot = path.join(web, 'node_modules/.cache/landing-bench-hello');
rmSync(helloRoot, { recursive: true, force: true });
mkdirSync(path.join(helloRoot, 'src'), { recursive: true });
writeFileSync(
  path.join(helloRoot, 'index.html'),
  '<!doctype html><html><body><div id="root"></div><script type="module" src="/src/main.tsx"></script></body></html>',
);
writeFileSync(
  path.join(helloRoot, 'src/main.tsx'),
  "import { createRoot } from 'react-dom/client';\ncreateRoot(document.getElementById('root')!).render(<h1>Hello</h1>);\n",
);
await build({ configFile, root: helloRoot, build: { outDir: path.join(helloRoot, 'dist'), emptyOutDir: true }, ...quiet });
const hello = measure(path.join(helloRoot, 'dist'), null);

// The landing page also opens a live subscription right after its first render; count that code separately.
const manifest = JSON.parse(readFileSync(path.join(web, 'dist/.vite/manifest.json'), 'utf8'));
const live = Object.entries(manifest)
  .filter(([key]) => /graphql-ws\/dist\/client|link\/subscriptions/.test(key))
  .map(([, chunk]) => chunk.file)
  .filter((file) => !app.files.some((f) => f.file === file));
const liveBytes = live.reduce(
  (sum, file) =>
    sum + brotliCompressSync(readFileSync(path.join(web, 'dist', file)), { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length,
  0,
);

// The entry names every lazy chunk in its import map (`assets/StaffChatPage-1a2b3c4d.js`): a chunk's name is not its
// code, so names are left out of what is searched (the chunks' code, their documents included, is still caught).
const CHUNK_NAME = /(?:assets\/|\.\/)[\w.-]+-[\w-]{8}\.js/g;
const found = [];
for (const f of app.files) {
  const code = readFileSync(path.join(web, 'dist', f.file), 'utf8').replace(CHUNK_NAME, '');
  for (const [name, pattern] of FORBIDDEN) if (pattern.test(code)) found.push(`${name} in ${f.file}`);
}

const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
const result = {
  landingBrotliBytes: app.brotliBytes,
  helloBrotliBytes: hello.brotliBytes,
  ratio: Number((app.brotliBytes / hello.brotliBytes).toFixed(2)),
  budgetBytes: LANDING_BUDGET_BYTES,
  withinBudget: app.brotliBytes <= LANDING_BUDGET_BYTES,
  files: app.files.length,
  liveUpdateBrotliBytes: liveBytes,
  withLiveUpdateBrotliBytes: app.brotliBytes + liveBytes,
  forbidden: found,
};
if (process.argv.includes('--json')) console.log(JSON.stringify(result, null, 2));
else {
  console.log(
    `landing route initial JS: ${kb(app.brotliBytes)} brotli in ${app.files.length} files (budget ${kb(LANDING_BUDGET_BYTES)}) ${result.withinBudget ? 'OK' : 'OVER BUDGET'}`,
  );
  // Not initial JS (it loads after the first render), so outside the budget; shown so its growth is seen.
  console.log(
    `  + live landing updates (graphql-ws, loaded after first render, not initial): ${kb(liveBytes)} → ${kb(app.brotliBytes + liveBytes)}`,
  );
  console.log(`React + ReactDOM hello:   ${kb(hello.brotliBytes)} brotli (same Vite config)`);
  console.log(`ratio: ${result.ratio}x the hello page; app code beyond React: ${kb(app.brotliBytes - hello.brotliBytes)}`);
  console.log(`no data grid, chart, chat or Stripe code: ${found.length ? 'FAILED: ' + found.join(', ') : 'OK'}`);
}
// The budget (DESIGN §8) is the landing route's initial JS and what it must not contain.
process.exitCode = result.withinBudget && !found.length ? 0 : 1;
