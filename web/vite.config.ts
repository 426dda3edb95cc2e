import react from '@vitejs/plugin-react';
import { defaultClientConditions, defineConfig } from 'vite';

/** Where `npm run dev` sends /graphql (HTTP and WebSocket) and /api. */
const apiUrl = process.env.API_URL ?? 'http://localhost:4000';

export default defineConfig({
  plugins: [react()],
  resolve: {
    // rxjs (under Apollo) ships an ES2015 build without tslib helpers: smaller than its ES5 default.
    // @studio/rules (the field rules shared with the API) is read as TypeScript source: Vite compiles it.
    conditions: ['@studio/source', 'es2015', ...defaultClientConditions],
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
