// `npm start` builds only what changed: each part (the shared rules, the API, the web app) is compiled only when one
// of its inputs is newer than its last build, so a restart with nothing changed starts the server at once (even a
// no-op incremental tsc costs 4–19 s on a loaded machine). `npm run build` always rebuilds all.
import { execSync } from 'node:child_process';
import { existsSync, readdirSync, statSync, utimesSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const run = (cmd) => execSync(cmd, { cwd: root, stdio: 'inherit' });
const mtime = (file) => (existsSync(file) ? statSync(file).mtimeMs : 0);

/** Tests are not part of any build. */
const TEST_FILE = /\.test\.tsx?$/;

/** Newest modification time under `entry` (a deleted or added file changes its folder's time too). */
function newestMtime(entry) {
  if (!existsSync(entry) || TEST_FILE.test(entry)) return 0;
  const stat = statSync(entry);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(stat.mtimeMs, ...readdirSync(entry).map((name) => newestMtime(path.join(entry, name))));
}

/**
 * Runs `cmd` unless `stamp` (a file the build writes) is newer than every input and every output exists. The stamp
 * is then dated to the build's start, so an input saved while the build ran is still seen as newer next time.
 */
function buildIfStale({ name, inputs, outputs, stamp, cmd }) {
  const at = (p) => path.join(root, p);
  const builtAt = mtime(at(stamp));
  if (builtAt && outputs.every((p) => existsSync(at(p))) && Math.max(...inputs.map((p) => newestMtime(at(p)))) <= builtAt) {
    console.log(`${name} is up to date.`);
    return;
  }
  const started = new Date();
  run(cmd);
  if (existsSync(at(stamp))) utimesSync(at(stamp), started, started);
}

const shared = ['tsconfig.base.json', 'package-lock.json'];
const rules = ['rules/src', 'rules/tsconfig.json', 'rules/tsconfig.build.json', 'rules/package.json'];

// The shared field rules first (the API requires their compiled CommonJS), then the API.
buildIfStale({
  name: 'rules/dist',
  inputs: [...rules, ...shared],
  outputs: ['rules/dist/index.js'],
  stamp: 'rules/dist/.tsbuildinfo',
  cmd: 'npx tsc -b rules/tsconfig.build.json',
});
buildIfStale({
  name: 'api/dist',
  inputs: ['api/src', 'api/tsconfig.json', 'api/tsconfig.build.json', 'api/package.json', ...rules, ...shared],
  outputs: ['api/dist/main.js'],
  stamp: 'api/dist/.tsbuildinfo',
  cmd: 'npx tsc -p api/tsconfig.build.json --incremental --tsBuildInfoFile api/dist/.tsbuildinfo',
});
buildIfStale({
  name: 'web/dist',
  inputs: [
    'web/src',
    'web/public',
    'web/index.html',
    'web/vite.config.ts',
    'web/package.json',
    'web/scripts/precompress.mjs',
    'rules/src',
    'package-lock.json',
  ],
  outputs: ['web/dist/index.html'],
  stamp: 'web/dist/index.html',
  cmd: 'npm run build -w web --silent',
});
