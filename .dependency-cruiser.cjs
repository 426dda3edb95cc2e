/**
 * Module rules, checked by `npm run depcheck` (part of `npm test`), with dependency-cruiser:
 * - no import circles anywhere in api/ and web/ (type-only imports count too);
 * - API modules depend downwards only: a module under api/src/modules/ imports only modules listed before it in
 *   api/src/modules/index.ts (the order is read from that file, so the list is the one place to change);
 * - modules do not import the composition above them (the module list, services, schema, HTTP, REST facade, db, seed);
 * - api/src/graphql, http, rest and db import no module folder: they get what they need from the module list;
 * - web never imports api (it talks to it over GraphQL only).
 */
const fs = require('node:fs');
const path = require('node:path');

const MODULES = 'api/src/modules';

/** The module folders in list order, from the imports and the `modules` array of api/src/modules/index.ts. */
function moduleOrder() {
  const source = fs.readFileSync(path.join(__dirname, MODULES, 'index.ts'), 'utf8');
  const folderOf = new Map(
    [...source.matchAll(/import \{ (\w+) \} from '\.\/([\w-]+)\/index\.js';/g)].map(([, name, folder]) => [name, folder]),
  );
  const list = /export const modules = \[([^\]]*)\]/.exec(source);
  if (!list) throw new Error(`No "export const modules = [...]" in ${MODULES}/index.ts`);
  const order = list[1]
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean)
    .map((name) => folderOf.get(name));
  if (order.some((folder) => !folder)) throw new Error(`Every module in ${MODULES}/index.ts must be imported from './<folder>/index.js'`);
  return order;
}

/** Known upward imports ({ from, to } path patterns), each with its reason beside it: none today. */
const EXCEPTIONS = [];

const order = moduleOrder();
const tests = '\\.test\\.tsx?$';
const downwardOnly = order.slice(0, -1).map((folder, i) => ({
  name: `module-order:${folder}`,
  comment: `${folder} is listed before ${order.slice(i + 1).join(', ')} in ${MODULES}/index.ts, so it may not import them`,
  severity: 'error',
  from: { path: `^${MODULES}/${folder}/`, pathNot: [tests, ...EXCEPTIONS.map((e) => e.from)] },
  to: { path: `^${MODULES}/(${order.slice(i + 1).join('|')})/` },
}));
const exceptions = EXCEPTIONS.map((exception) => {
  const folder = new RegExp(`^\\^${MODULES}/([\\w-]+)/`).exec(exception.from)[1];
  return {
    name: `module-order:${folder}`,
    comment: 'as above, less one known exception (see EXCEPTIONS)',
    severity: 'error',
    from: { path: exception.from },
    to: { path: `^${MODULES}/(${order.slice(order.indexOf(folder) + 1).join('|')})/`, pathNot: exception.to },
  };
});

module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      comment: 'An import circle: split the shared part out, or turn one direction into a call or an event',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
    ...downwardOnly,
    ...exceptions,
    {
      name: 'modules-below-composition',
      comment: 'Modules are composed by the list, services, schema, HTTP server and REST facade; they never import them',
      severity: 'error',
      from: { path: `^${MODULES}/`, pathNot: tests },
      to: {
        path: `^(${MODULES}/index\\.ts|api/src/(services|boot|main)\\.ts|api/src/(http|db|seed)/|api/src/rest/facade\\.ts|api/src/graphql/(schema|emit-schema)\\.ts)`,
      },
    },
    {
      name: 'infrastructure-through-module-list',
      comment: 'graphql/, http/, rest/ and db/ reach the modules only through the module list (api/src/modules/index.ts)',
      severity: 'error',
      from: { path: '^api/src/(graphql|http|rest|db)/', pathNot: tests },
      to: { path: `^${MODULES}/[^/]+/` },
    },
    {
      name: 'web-not-api',
      comment: 'The web app talks to the API over GraphQL only',
      severity: 'error',
      from: { path: '^web/' },
      to: { path: '^api/' },
    },
    {
      name: 'not-resolvable',
      comment: 'An import that cannot be resolved would hide its dependencies from these rules',
      severity: 'error',
      from: {},
      to: { couldNotResolve: true },
    },
  ],
  options: {
    // Type-only imports are dependencies too: a circle of types is still a circle.
    tsPreCompilationDeps: true,
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(dist|node_modules)/' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      // Type-only packages (@graphql-typed-document-node/core) name their entry in "typings".
      mainFields: ['main', 'types', 'typings'],
    },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
