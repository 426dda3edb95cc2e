// Which packages make up a built chunk: bytes of generated code attributed to each source, from the source map.
// Usage: node scripts/chunk-sources.mjs dist/assets/index-xxxx.js
import { readFileSync } from 'node:fs';
import { TraceMap, eachMapping } from '@jridgewell/trace-mapping';

const file = process.argv[2];
const code = readFileSync(file, 'utf8');
const map = new TraceMap(JSON.parse(readFileSync(`${file}.map`, 'utf8')));
const lines = code.split('\n');
const bytes = new Map();
let prev = null;
const flush = (end) => {
  if (!prev) return;
  const line = lines[prev.line - 1] ?? '';
  const stop = end && end.line === prev.line ? end.col : line.length;
  const n = Math.max(0, stop - prev.col);
  bytes.set(prev.source, (bytes.get(prev.source) ?? 0) + n);
};
eachMapping(map, (m) => {
  const cur = { line: m.generatedLine, col: m.generatedColumn, source: m.source ?? '(none)' };
  flush(cur);
  prev = cur;
});
flush(null);
const byPkg = new Map();
for (const [src, n] of bytes) {
  const match = process.env.FULL ? null : src.match(/node_modules\/((@[^/]+\/)?[^/]+)/);
  const key = match ? match[1] : 'app:' + src.replace(/^.*\/src\//, '');
  byPkg.set(key, (byPkg.get(key) ?? 0) + n);
}
[...byPkg]
  .sort((a, b) => b[1] - a[1])
  .slice(0, 40)
  .forEach(([k, n]) => console.log(String(n).padStart(8), k));
