import path from 'node:path';
import react from '@vitejs/plugin-react';
import { defaultClientConditions, defineConfig } from 'vite';

/** Where `npm run dev` sends /graphql (HTTP and WebSocket) and /api. */
const apiUrl = process.env.API_URL ?? 'http://localhost:4000';

/**
 * Chunks of the landing route. Every module the entry imports statically (`$initial`) is loaded on every route, so
 * they go into one `shell` chunk instead of the dozen small shared chunks automatic splitting makes of them: one file
 * compresses better (one brotli context) and costs one request. The icons the landing page draws would otherwise be
 * five tiny chunks of their own; they travel together. Pages and lazy widgets keep their own chunks.
 */
interface ChunkingContext {
  getModuleInfo(id: string): { importedIds: readonly string[] } | null;
}
const landingClosures = new WeakMap<ChunkingContext, Set<string>>();
function landingIcons(id: string, ctx: ChunkingContext): string | null {
  if (!id.includes('/@mui/icons-material/')) return null;
  let closure = landingClosures.get(ctx);
  if (!closure) {
    const seen = new Set<string>();
    const visit = (moduleId: string) => {
      if (seen.has(moduleId)) return;
      seen.add(moduleId);
      for (const dep of ctx.getModuleInfo(moduleId)?.importedIds ?? []) visit(dep);
    };
    visit(path.join(import.meta.dirname, 'src/pages/landing/LandingPage.tsx'));
    landingClosures.set(ctx, (closure = seen));
  }
  return closure.has(id) ? 'landing-icons' : null;
}

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
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            { name: 'shell', tags: ['$initial'], priority: 2 },
            { name: landingIcons, debugName: 'landing icons', priority: 1 },
          ],
        },
      },
    },
  },
});
