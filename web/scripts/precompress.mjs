// After `vite build`: a brotli (.br) and a gzip (.gz) copy beside each text asset of web/dist over 1 KB, at maximum
// quality, so the API sends compressed bytes without compressing per request (api/src/http/web-app.ts).
// index.html is left out: the API rewrites it at start (the studio's time zone) and compresses that copy itself.
// Usage: node scripts/precompress.mjs [dist folder]
import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

const COMPRESSIBLE = /\.(js|mjs|css|svg|json|txt|webmanifest)$/;
const MIN_BYTES = 1024;

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

const web = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

async function filesUnder(dir) {
  const entries = await readdir(dir, { withFileTypes: true });
  const nested = await Promise.all(
    entries.map((e) => (e.isDirectory() ? (e.name.startsWith('.') ? [] : filesUnder(path.join(dir, e.name))) : [path.join(dir, e.name)])),
  );
  return nested.flat();
}

async function precompress(file) {
  const raw = await readFile(file);
  const [br, gz] = await Promise.all([
    brotli(raw, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_SIZE_HINT]: raw.length,
      },
    }),
    gzipAsync(raw, { level: constants.Z_BEST_COMPRESSION }),
  ]);
  // A copy that saves nothing is not worth a second file (nor the negotiation).
  if (br.length < raw.length) await writeFile(`${file}.br`, br);
  if (gz.length < raw.length) await writeFile(`${file}.gz`, gz);
  return { raw: raw.length, br: Math.min(br.length, raw.length), gz: Math.min(gz.length, raw.length) };
}

/** Writes the compressed copies for every text file over 1 KB under `dir`; answers the sizes before and after. */
export async function precompressDist(dir) {
  const candidates = [];
  for (const file of await filesUnder(dir)) if (COMPRESSIBLE.test(file) && (await stat(file)).size > MIN_BYTES) candidates.push(file);
  // zlib runs in libuv's thread pool: compressing every file at once keeps all cores busy.
  const sizes = await Promise.all(candidates.map(precompress));
  return sizes.reduce((sum, s) => ({ ...sum, raw: sum.raw + s.raw, br: sum.br + s.br, gz: sum.gz + s.gz }), {
    files: candidates.length,
    raw: 0,
    br: 0,
    gz: 0,
  });
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const total = await precompressDist(path.resolve(process.argv[2] ?? path.join(web, 'dist')));
  const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
  console.log(`precompressed ${total.files} files: ${kb(total.raw)} → brotli ${kb(total.br)}, gzip ${kb(total.gz)}`);
}
