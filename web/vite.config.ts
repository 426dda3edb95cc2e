import path from 'node:path';
import { addTypenameToDocument } from '@apollo/client/utilities';
import react from '@vitejs/plugin-react';
import { print } from 'graphql';
import { defaultClientConditions, defineConfig } from 'vite';
import { FIRST_LOAD_ELEMENT_ID, ROUTE_DATA_ELEMENT_ID } from './src/app/firstLoad';
import { FirstLoadDocument } from './src/app/firstLoad.generated';
import { ClassScheduleDocument } from './src/components/schedule/schedule.generated';
import { firstLoad } from './vite/first-load';

/** Where `npm run dev` sends /graphql (HTTP and WebSocket) and /api. */
const apiUrl = process.env.API_URL ?? 'http://localhost:4000';

/**
 * Chunks. Every module the entry imports statically (`$initial`) is loaded on every route, so they go into one `shell`
 * chunk instead of the dozen small shared chunks automatic splitting makes of them: one file compresses better (one
 * brotli context) and costs one request. The routes the server sends with their chunks named in the page (the
 * landing page, /calendar, sign-in…) get theirs in a few files as well (vite/first-load.ts); the API reads
 * dist/.vite/first-load.json for that and for the query whose answer it puts in the page.
 */
const firstLoadBuild = firstLoad({
  root: import.meta.dirname,
  routesFile: path.join(import.meta.dirname, 'src/routes.tsx'),
  // The query as the app sends it (the cache adds __typename), so the API's answer fills the cache as is.
  query: print(addTypenameToDocument(FirstLoadDocument)),
  elementId: FIRST_LOAD_ELEMENT_ID,
  routeElementId: ROUTE_DATA_ELEMENT_ID,
  // The calendar's week from the studio's today, as an address without parameters shows it (ScheduleBrowser.preload.ts).
  routeData: { '/calendar': { query: print(addTypenameToDocument(ClassScheduleDocument)), variables: 'studio-week' } },
});

export default defineConfig({
  plugins: [react(), firstLoadBuild.plugin],
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
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            { name: 'shell', tags: ['$initial'], priority: 2 },
            // A module's dependencies belong to the same or more routes, so they find their own group (first-load.ts).
            { name: firstLoadBuild.chunkName, debugName: 'first-load routes', priority: 1, includeDependenciesRecursively: false },
          ],
        },
      },
    },
  },
});
