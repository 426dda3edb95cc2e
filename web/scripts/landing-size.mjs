// Initial JavaScript of the landing route (/), brotli-compressed: the entry chunk with its static imports plus the
// chunks the page names for the route (its page and preload module with their static imports, as the API lists them
// in the page as modulepreload links), as the browser loads them. Reads dist/.vite/manifest.json and
// dist/.vite/first-load.json (web/vite/first-load.ts).
// Usage: node scripts/landing-size.mjs [distDir]  → prints each file and the total; exits 1 over the budget
// (`npm test` runs it after the build: every change keeps the landing route within it).
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants } from 'node:zlib';

/** Issue 9: the landing route's initial JavaScript, brotli, at most. */
export const LANDING_BUDGET_BYTES = 160 * 1024;

export function landingRouteFiles(manifest, firstLoad, routePath = '/') {
  const files = new Set();
  const visit = (key) => {
    const chunk = manifest[key];
    if (!chunk || files.has(chunk.file)) return;
    files.add(chunk.file);
    for (const dep of chunk.imports ?? []) visit(dep);
  };
  visit(Object.keys(manifest).find((k) => manifest[k].isEntry));
  for (const url of firstLoad?.routes.find((r) => r.path === routePath)?.modules ?? []) files.add(url.replace(/^\//, ''));
  return [...files];
}

/** The landing route's files in `dist` and their sizes; `routePath` null counts the entry alone. */
export function measure(dist, routePath = '/') {
  const manifest = JSON.parse(readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8'));
  const firstLoadFile = path.join(dist, '.vite/first-load.json');
  const firstLoad = routePath && existsSync(firstLoadFile) ? JSON.parse(readFileSync(firstLoadFile, 'utf8')) : null;
  const files = landingRouteFiles(manifest, firstLoad, routePath);
  let raw = 0;
  let brotli = 0;
  const detail = files.map((f) => {
    const buf = readFileSync(path.join(dist, f));
    const br = brotliCompressSync(buf, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length;
    raw += buf.length;
    brotli += br;
    return { file: f, raw: buf.length, brotli: br };
  });
  return { files: detail, rawBytes: raw, brotliBytes: brotli };
}

if (process.argv[1] && import.meta.url.endsWith(path.basename(process.argv[1]))) {
  const dist = path.resolve(process.argv[2] ?? 'dist');
  const result = measure(dist);
  for (const f of result.files)
    console.log(`${(f.brotli / 1024).toFixed(1).padStart(7)} KB br  ${(f.raw / 1024).toFixed(1).padStart(7)} KB  ${f.file}`);
  console.log(
    `${(result.brotliBytes / 1024).toFixed(1).padStart(7)} KB br  ${(result.rawBytes / 1024).toFixed(1).padStart(7)} KB  total (budget ${LANDING_BUDGET_BYTES / 1024} KB br)`,
  );
  if (result.brotliBytes > LANDING_BUDGET_BYTES) {
    console.error(`The landing route's initial JavaScript is over its budget of ${LANDING_BUDGET_BYTES / 1024} KB brotli.`);
    process.exit(1);
  }
}
