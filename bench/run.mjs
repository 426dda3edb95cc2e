// `npm run bench`: every benchmark, each printing its figures next to a baseline from the same run.
import { execSync } from 'node:child_process';
import { root } from './harness.mjs';
import { benchMe } from './me.mjs';
import { benchStartup } from './startup.mjs';

execSync('npm run build --silent', { cwd: root, stdio: 'inherit' });
await benchStartup();
await benchMe();
process.exit(0);
