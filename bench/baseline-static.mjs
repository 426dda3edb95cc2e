// Baseline for bench/files.mjs: express.static serving the API's uploads folder (DATA_DIR/uploads), the same file
// the API streams from its storage, in a process of its own.
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const express = createRequire(path.join(root, 'api/package.json'))('express');

const app = express();
app.get('/healthz', (_req, res) => res.send('ok'));
app.use('/uploads', express.static(path.join(process.env.DATA_DIR, 'uploads')));
app.listen(Number(process.env.PORT), '127.0.0.1');
