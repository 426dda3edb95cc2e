// Imported first by main.ts, before anything uses libuv's thread pool (its size is read when it first starts).
// Password hashing (scrypt at 128 MiB, ~0.3-0.6 s of one core each) runs on that pool, and so do file reads for
// the web app's assets and gzip/brotli of answers: with the default 4 threads, four sign-ins at once queue every
// page load behind them for seconds. More threads than cores lets the short tasks in beside the long ones.
process.env.UV_THREADPOOL_SIZE ??= '16';
