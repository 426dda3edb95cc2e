// `npm start` builds only what changed: the API with incremental tsc (a no-op when nothing changed) and the
// web app with Vite only when a source file is newer than the last build. `npm run build` always rebuilds all.
import { execSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const run = (cmd) => execSync(cmd, { cwd: root, stdio: 'inherit' });

function newestMtime(entry) {
  if (!existsSync(entry)) return 0;
  const stat = statSync(entry);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(stat.mtimeMs, ...readdirSync(entry).map((name) => newestMtime(path.join(entry, name))));
}

// The shared field rules first (the API requires their compiled CommonJS), then the API.
run('npx tsc -b rules/tsconfig.build.json');
run('npx tsc -p api/tsconfig.build.json --incremental --tsBuildInfoFile api/dist/.tsbuildinfo');

const webInputs = [
  'web/src',
  'rules/src',
  'web/public',
  'web/index.html',
  'web/vite.config.ts',
  'web/package.json',
  'package-lock.json',
].map((p) => path.join(root, p));
const built = path.join(root, 'web/dist/index.html');
if (!existsSync(built) || Math.max(...webInputs.map(newestMtime)) > statSync(built).mtimeMs) run('npm run build -w web --silent');
else console.log('web/dist is up to date.');
