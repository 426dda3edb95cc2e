// Imported first by main.ts: process settings read once, when something first uses them.

// libuv's thread pool size is read when the pool first starts. Password hashing (scrypt at 128 MiB, ~0.3-0.6 s of
// one core each) runs on that pool, and so do file reads for the web app's assets and gzip/brotli of answers: with
// the default 4 threads, four sign-ins at once queue every page load behind them for seconds. More threads than
// cores lets the short tasks in beside the long ones.
process.env.UV_THREADPOOL_SIZE ??= '16';

// Libraries read NODE_ENV when they load (graphql-js checks every type lookup across realms unless it says
// "production"): the app's own default is production (env.ts), so the process says so too unless told otherwise.
process.env.NODE_ENV ??= 'production';
