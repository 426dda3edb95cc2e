import { setFlagsFromString } from 'node:v8';

// Imported first by main.ts, before anything allocates. V8 "pretenures" objects from allocation sites whose objects
// survived during startup (building the schema, migrating, seeding); it then allocates every request's objects there
// (the HTTP request and response, pg's queries) straight in the old generation. Those dead-but-uncollected objects
// keep the young objects they point to alive, so each scavenge copied and promoted ~2 MB of garbage under a steady
// 200 webhooks a second: 3-7 ms scavenges and a full collection every few seconds (--trace-gc-nvp). Without
// pretenuring: ~20 KB promoted, ~1 ms scavenges.
setFlagsFromString('--no-allocation-site-pretenuring');
