// `npm run dev`: the API in development mode, recompiled and restarted on change, plus Vite with hot reload.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const env = { ...process.env, NODE_ENV: 'development' };
const children = [];
const run = (name, cmd, args) => {
  const child = spawn(cmd, args, { cwd: root, env, stdio: 'inherit' });
  child.on('exit', (code) => {
    if (code && !stopping) console.error(`[dev] ${name} exited with ${code}`);
  });
  children.push(child);
};

let stopping = false;
const stop = () => {
  stopping = true;
  for (const child of children) child.kill('SIGTERM');
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);

const tsc = path.join(root, 'node_modules/.bin/tsc');
// First a full build so dist/ exists (the shared rules before the API that requires them), then watch mode for changes.
spawn(tsc, ['-b', 'rules/tsconfig.build.json', 'api/tsconfig.build.json'], { cwd: root, stdio: 'inherit' }).on('exit', (code) => {
  if (code) process.exit(code);
  run('tsc', tsc, ['-b', 'rules/tsconfig.build.json', 'api/tsconfig.build.json', '--watch', '--preserveWatchOutput']);
  run('api', process.execPath, ['--watch-path=api/dist', 'api/dist/main.js']);
  run('vite', path.join(root, 'node_modules/.bin/vite'), ['--config', 'web/vite.config.ts', 'web']);
  console.log(`\n[dev] API on http://localhost:${env.PORT ?? 4000}, app with hot reload on http://localhost:${env.WEB_PORT ?? 5173}\n`);
});
