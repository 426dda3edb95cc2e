import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { build, type Plugin, type Rolldown } from 'vite';

/**
 * What the API needs to serve a page that renders at once (issue 9, fast first load), written to
 * `dist/.vite/first-load.json` (never served: dot folders are not):
 * - `query`: the FirstLoad document (src/app/firstLoad.graphql) as the app sends it: the API runs it for every page
 *   it serves and puts the answer in the page (api/src/http/first-load.ts);
 * - `elementId`: the id of the `<script type="application/json">` the answer goes in (src/app/firstLoad.ts reads it);
 * - `routes`: every path of src/routes.tsx; for those the guard shows without a session (access 'public' or 'bare'),
 *   the chunks of the page and its preload module beyond those of the entry, which the API names in the page as
 *   `<link rel="modulepreload">`, so they download beside the entry instead of after it has run. (Pages behind
 *   sign-in wait for the session anyway, and may redirect.) A route may also name its first query (`data`): the API
 *   answers it for an anonymous visitor, with the variables the page starts from (a named recipe the API computes,
 *   such as `studio-week`), in the element `routeElementId`, for pages whose address has no query string.
 */
export interface RouteData {
  query: string;
  variables: string;
}

export interface FirstLoadManifest {
  query: string;
  elementId: string;
  routeElementId: string;
  routes: { path: string; modules: string[]; data?: RouteData }[];
}

export const FIRST_LOAD_MANIFEST = '.vite/first-load.json';

/** Routes the guard renders without waiting for the session (src/app/guard.ts). */
const SHOWN_WITHOUT_SESSION = new Set(['public', 'bare']);

/** Set in the probe build (see `firstLoad`), which must not start a probe of its own. */
const PROBE_ENV = 'STUDIO_FIRST_LOAD_PROBE';

/** An ESTree node as Rolldown's parser returns it, walked generically. */
interface Node {
  type: string;
  [key: string]: unknown;
}

const isNode = (value: unknown): value is Node => typeof value === 'object' && value !== null && typeof (value as Node).type === 'string';

/** Calls `visit` on every node under `node`; a visit that returns false skips the node's children. */
function walk(node: unknown, visit: (node: Node) => boolean | void): void {
  if (Array.isArray(node)) return node.forEach((child) => walk(child, visit));
  if (!isNode(node) || visit(node) === false) return;
  for (const [key, value] of Object.entries(node)) if (key !== 'type' && typeof value === 'object') walk(value, visit);
}

const stringLiteral = (node: unknown): string | null =>
  isNode(node) && node.type === 'Literal' && typeof node.value === 'string' ? node.value : null;

export interface RouteRow {
  path: string;
  access: string | null;
  /** What the row imports on demand (its page, its preload module), as written. */
  imports: string[];
}

/**
 * The rows of a route table: each object literal with a string `path`, its `access` when that is a string, and the
 * modules it imports on demand, also through the module's own top-level constants and functions it names
 * (`page: LandingPage`, `page: comingSoon(...)`).
 */
export function routeRows(program: unknown): RouteRow[] {
  const declarations = new Map<string, Node>();
  for (const statement of (program as { body: Node[] }).body) {
    const declaration = statement.type === 'ExportNamedDeclaration' ? (statement.declaration as Node | null) : statement;
    if (declaration?.type === 'FunctionDeclaration') declarations.set((declaration.id as { name: string }).name, declaration);
    if (declaration?.type === 'VariableDeclaration')
      for (const d of declaration.declarations as { id: Node; init: Node | null }[])
        if (d.id.type === 'Identifier' && d.init) declarations.set(d.id.name as string, d.init);
  }
  const importsUnder = (root: Node): string[] => {
    const found: string[] = [];
    const followed = new Set<string>();
    const visit = (start: unknown) =>
      walk(start, (node) => {
        if (node.type === 'ImportExpression') {
          const source = stringLiteral(node.source);
          if (source) found.push(source);
        }
        // The name of a property or of a member is no reference to a declaration.
        if (node.type === 'Property' && !node.computed) {
          visit(node.value);
          return false;
        }
        if (node.type === 'MemberExpression' && !node.computed) {
          visit(node.object);
          return false;
        }
        const declaration = node.type === 'Identifier' ? declarations.get(node.name as string) : undefined;
        if (declaration && !followed.has(node.name as string)) {
          followed.add(node.name as string);
          visit(declaration);
        }
      });
    visit(root);
    return [...new Set(found)];
  };

  const rows: RouteRow[] = [];
  walk(program, (node) => {
    if (node.type !== 'ObjectExpression') return;
    const property = (name: string) =>
      (node.properties as Node[]).find((p) => p.type === 'Property' && !p.computed && (p.key as Node).name === name)?.value;
    const path = stringLiteral(property('path'));
    if (path === null) return;
    rows.push({ path, access: stringLiteral(property('access')), imports: importsUnder(node) });
    return false;
  });
  return rows;
}

/** A route's name in chunk names: its static path segments (`/video/:id` → video), `/` → home, `*` → not-found. */
export function routeLabel(path: string): string {
  if (path === '*') return 'not-found';
  return (
    path
      .split('/')
      .filter((s) => s && !s.startsWith(':'))
      .join('-') || 'home'
  );
}

/** A chunk name for the routes in `labels`: the route's own name for one (`calendar`), `public-<hash>` for several. */
export function chunkForRoutes(labels: readonly string[]): string | null {
  if (labels.length === 0) return null;
  if (labels.length === 1) return labels[0];
  return `public-${createHash('sha256')
    .update([...labels].sort().join(','))
    .digest('hex')
    .slice(0, 8)}`;
}

/** The routes whose first load brings a module: those shown without a session, and the others. */
export interface ModuleRoutes {
  firstLoaded: Set<string>;
  signedIn: Set<string>;
}

/**
 * Form libraries travel apart from other library code: a page may show a field without a form (the calendar's
 * instructor select) and should not fetch them for it.
 */
const FORM_LIBRARIES = /\/node_modules\/(react-hook-form|zod|@hookform\/[^/]+)\//;

/**
 * The routes most visits start on (the landing page, the public calendar) get everything they need beyond the entry
 * and their page's own modules (the page and its preload, `isPage`, grouped as before) in one file each
 * (`first-home`, `first-calendar`), in this order: a module either needs goes in the first one's file, even when
 * other routes need it too (they fetch that file whole: a little more code, never more requests; never another
 * page's own code). Over HTTP/1.1 the browser opens six
 * connections at a time, and on a slow network each further round of small files costs round trips before the page
 * can show. A module's dependencies are needed by the same routes or more, so they are in the same file or an earlier
 * one: still no import circles.
 */
export const ONE_FILE_ROUTES = ['home', 'calendar'];

/**
 * The chunk a module goes in (null: where automatic splitting puts it). Only modules a first-loaded route needs are
 * grouped, by the set of such routes that need them: a route's page then comes in a few files. Library code goes by
 * that set alone (larger chunks; a page behind sign-in may fetch a part it does not run), form libraries apart; the
 * app's own code also by the pages behind sign-in that load it, so such a page never pulls another page's code, and
 * what that code imports, along with a shared component. A module's dependencies are loaded wherever the module is,
 * so a chunk only imports chunks of the same or more routes: no import circles.
 */
export function chunkFor(moduleId: string, routes: ModuleRoutes | undefined, isPage = false): string | null {
  if (!routes?.firstLoaded.size) return null;
  const first = isPage ? undefined : ONE_FILE_ROUTES.find((label) => routes.firstLoaded.has(label));
  if (first) return `first-${first}`;
  if (FORM_LIBRARIES.test(moduleId)) return chunkForRoutes([...routes.firstLoaded, 'library:forms']);
  if (moduleId.includes('/node_modules/')) return chunkForRoutes([...routes.firstLoaded, 'library']);
  return chunkForRoutes([...routes.firstLoaded, ...[...routes.signedIn].map((label) => `signed-in:${label}`)]);
}

type Chunks = Map<string, Rolldown.OutputChunk>;

function chunksOf(files: readonly (Rolldown.OutputChunk | Rolldown.OutputAsset)[]): Chunks {
  return new Map(files.filter((file): file is Rolldown.OutputChunk => file.type === 'chunk').map((chunk) => [chunk.fileName, chunk]));
}

/** The chunk files `start` loads (itself and its static imports), in load order. */
function staticClosure(start: Rolldown.OutputChunk, chunks: Chunks, into = new Set<string>()): Set<string> {
  if (into.has(start.fileName)) return into;
  into.add(start.fileName);
  for (const file of start.imports) {
    const chunk = chunks.get(file);
    if (chunk) staticClosure(chunk, chunks, into);
  }
  return into;
}

interface ResolvedRow {
  path: string;
  hinted: boolean;
  moduleIds: string[];
}

/**
 * For each row the guard shows without a session, the chunk files its modules need beyond the entry's (for rows
 * behind sign-in: none). Null when the bundle is not the app's (no entry, or none of the rows' modules in it).
 */
function routeFiles(chunks: Chunks, rows: readonly ResolvedRow[]): Map<ResolvedRow, string[]> | null {
  const entry = [...chunks.values()].find((chunk) => chunk.isEntry);
  if (!entry) return null;
  const loadedWithEntry = staticClosure(entry, chunks);
  const chunkOf = (moduleId: string) => [...chunks.values()].find((chunk) => chunk.moduleIds.includes(moduleId));
  if (!rows.some((row) => row.moduleIds.some((id) => chunkOf(id)))) return null;
  return new Map(
    rows.map((row) => {
      const files = new Set<string>();
      for (const moduleId of row.hinted ? row.moduleIds : []) {
        const chunk = chunkOf(moduleId);
        if (!chunk) throw new Error(`first-load: no chunk holds ${moduleId} (route ${row.path})`);
        for (const file of staticClosure(chunk, chunks)) if (!loadedWithEntry.has(file)) files.add(file);
      }
      return [row, [...files]];
    }),
  );
}

/**
 * The first-load plugin, and the chunk naming that goes with it (for `output.codeSplitting.groups[].name`): a route
 * the guard shows at once gets its page in a few chunks (see `chunkForRoutes`) rather than the dozens of tiny shared
 * chunks automatic splitting makes, each a request of its own (six at a time over HTTP/1.1).
 *
 * Which modules a route really loads is only known after tree-shaking (the import graph also reaches whatever a
 * package's index re-exports), so the build first bundles the app in memory with automatic splitting (the probe) and
 * reads each route's modules off its chunks; the real build then groups them. `root` is the app's folder: builds of
 * other roots (the landing bench's hello page) pass through untouched.
 */
export function firstLoad({
  root,
  routesFile,
  query,
  elementId,
  routeElementId,
  routeData,
}: Omit<FirstLoadManifest, 'routes'> & { root: string; routesFile: string; routeData: Record<string, RouteData> }) {
  let rows: ResolvedRow[] = [];
  let base = '/';
  let active = false;
  let configFile: string | false | undefined;
  let mode = 'production';
  /** From the probe: module id → the routes whose first load brings it. */
  const routesOfModule = new Map<string, ModuleRoutes>();

  const plugin: Plugin = {
    name: 'studio:first-load',
    apply: 'build',
    configResolved(config) {
      base = config.base;
      active = config.root === root;
      configFile = config.configFile;
      mode = config.mode;
    },
    async buildStart() {
      if (!active) return;
      this.addWatchFile(routesFile);
      const program = this.parse(await readFile(routesFile, 'utf8'), { lang: 'tsx' });
      rows = [];
      for (const row of routeRows(program)) {
        const moduleIds: string[] = [];
        for (const specifier of row.imports) {
          const resolved = await this.resolve(specifier, routesFile);
          if (!resolved) this.error(`first-load: cannot resolve ${specifier} (route ${row.path})`);
          moduleIds.push(resolved.id);
        }
        rows.push({ path: row.path, hinted: row.access !== null && SHOWN_WITHOUT_SESSION.has(row.access), moduleIds });
      }

      routesOfModule.clear();
      if (process.env[PROBE_ENV]) return;
      process.env[PROBE_ENV] = '1';
      try {
        const probe = await build({
          configFile,
          root,
          mode,
          logLevel: 'silent',
          build: { write: false, sourcemap: false, minify: false, reportCompressedSize: false },
        });
        const output = (Array.isArray(probe) ? probe[0] : probe) as Rolldown.RolldownOutput;
        const chunks = chunksOf(output.output);
        // Every route's modules, the ones behind sign-in included (they decide how the app's code is grouped).
        const files = routeFiles(
          chunks,
          rows.map((row) => ({ ...row, hinted: true })),
        );
        if (!files) this.error('first-load: the probe build holds no route of the table');
        for (const [row, routeChunks] of files) {
          const firstLoaded = rows.find((r) => r.path === row.path)!.hinted;
          for (const file of routeChunks)
            for (const moduleId of chunks.get(file)!.moduleIds) {
              const routes = routesOfModule.get(moduleId) ?? { firstLoaded: new Set<string>(), signedIn: new Set<string>() };
              (firstLoaded ? routes.firstLoaded : routes.signedIn).add(routeLabel(row.path));
              routesOfModule.set(moduleId, routes);
            }
        }
      } finally {
        delete process.env[PROBE_ENV];
      }
    },
    generateBundle(_options, bundle) {
      if (!active || process.env[PROBE_ENV]) return;
      const files = routeFiles(chunksOf(Object.values(bundle)), rows);
      if (!files) return;
      const manifest: FirstLoadManifest = {
        query,
        elementId,
        routeElementId,
        routes: [...files].map(([row, routeChunks]) => ({
          path: row.path,
          modules: routeChunks.map((file) => base + file),
          ...(routeData[row.path] ? { data: routeData[row.path] } : {}),
        })),
      };
      this.emitFile({ type: 'asset', fileName: FIRST_LOAD_MANIFEST, source: `${JSON.stringify(manifest, null, 2)}\n` });
    },
  };

  const chunkName = (moduleId: string): string | null =>
    chunkFor(
      moduleId,
      routesOfModule.get(moduleId),
      rows.some((row) => row.moduleIds.includes(moduleId)),
    );
  return { plugin, chunkName };
}
