import react from '@vitejs/plugin-react';
import { createRequire } from 'node:module';
import path from 'node:path';
import { defaultClientConditions, defineConfig } from 'vite';

const require = createRequire(import.meta.url);

/** Where `npm run dev` sends /graphql (HTTP and WebSocket) and /api. */
const apiUrl = process.env.API_URL ?? 'http://localhost:4000';

/**
 * MUI's styling engine is styled-components (web/package.json aliases @mui/styled-engine to
 * @mui/styled-engine-sc). npm can still nest an Emotion-based copy under @mui/system when versions drift, so every
 * import of @mui/styled-engine is pinned to the styled-components one: no Emotion in the bundle.
 */
const styledEngine = path.join(path.dirname(require.resolve('@mui/styled-engine/package.json')), 'index.mjs');

export default defineConfig({
  plugins: [react()],
  resolve: {
    alias: [{ find: /^@mui\/styled-engine$/, replacement: styledEngine }],
    // rxjs (under Apollo) ships an ES2015 build without tslib helpers: smaller than its ES5 default.
    conditions: ['es2015', ...defaultClientConditions],
  },
  server: {
    port: Number(process.env.WEB_PORT ?? 5173),
    proxy: {
      '/graphql': { target: apiUrl, ws: true, changeOrigin: true },
      '/api': { target: apiUrl, changeOrigin: true },
      '/healthz': { target: apiUrl, changeOrigin: true },
    },
  },
  build: {
    target: 'es2022',
    sourcemap: true,
    manifest: true,
    chunkSizeWarningLimit: 700,
  },
});
