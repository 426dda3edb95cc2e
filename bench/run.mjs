// `npm run bench`: every benchmark, each printing its figures next to a baseline from the same run.
// Benchmarks are run on purpose, never by `npm test`; compare ratios, the machine is shared and noisy.
import { execSync } from 'node:child_process';
import { benchAdminTable } from './admin-table.mjs';
import { benchBooking } from './booking.mjs';
import { benchFiles } from './files.mjs';
import { benchGroups } from './groups.mjs';
import { root } from './harness.mjs';
import { benchLighthouse } from './lighthouse.mjs';
import { benchLiveAbuse } from './live-abuse.mjs';
import { benchMe } from './me.mjs';
import { benchMoves } from './moves.mjs';
import { benchPeople } from './people.mjs';
import { benchPos } from './pos.mjs';
import { benchSchedule } from './schedule.mjs';
import { benchStartup } from './startup.mjs';
import { benchSubscriptions } from './subscriptions.mjs';
import { benchWebhook } from './webhook.mjs';
import { benchWebhooks } from './webhooks.mjs';

execSync('npm run build --silent', { cwd: root, stdio: 'inherit' });
execSync('npm run bench:size -w web --silent', { cwd: root, stdio: 'inherit' });
await benchStartup();
await benchMe();
await benchMoves();
await benchPeople();
await benchGroups();
await benchSchedule();
await benchAdminTable();
await benchBooking();
await benchWebhook();
await benchWebhooks();
await benchPos();
await benchFiles();
await benchSubscriptions();
await benchLiveAbuse();
await benchLighthouse();
process.exit(0);
