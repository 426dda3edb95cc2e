import { ApolloServer, type ApolloServerPlugin } from '@apollo/server';
import { ApolloServerPluginDrainHttpServer } from '@apollo/server/plugin/drainHttpServer';
import { ApolloServerPluginCacheControlDisabled, ApolloServerPluginLandingPageDisabled } from '@apollo/server/plugin/disabled';
import { expressMiddleware } from '@as-integrations/express5';
import express, { type ErrorRequestHandler } from 'express';
import {
  BREAK,
  execute,
  GraphQLError,
  parse,
  specifiedRules,
  subscribe,
  validate,
  visit,
  type DocumentNode,
  type GraphQLSchema,
} from 'graphql';
import { useServer } from 'graphql-ws/use/ws';
import { existsSync, readFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { WebSocketServer } from 'ws';
import { appOriginOf } from '../common/app-origin.js';
import { armorRules, oversizedListRefusal, parseOptions } from '../graphql/armor.js';
import { costRefusal } from '../graphql/cost.js';
import { apiKeyGate, apiKeyRefusal, chargeApiKey, costExtension, type CostExtension } from '../graphql/api-key-gate.js';
import { ScopedOperation, SharedOperation, SubscriptionMultiplexer, WS_RESYNC } from '../graphql/multiplex.js';
import { bearerToken, createContext, type Context, type Services } from '../graphql/context.js';
import {
  ErrorCode,
  formatError,
  isDatabaseUnavailable,
  serviceUnavailable,
  UNAVAILABLE_RETRY_AFTER_SECONDS,
  withoutSuggestions,
} from '../graphql/errors.js';
import { log, requestScope } from '../logger.js';
import { Role } from '../modules/index.js';
import { restFacade } from '../rest/facade.js';
import { refuseMalformedPaths } from './path-guard.js';
import { requestLogging } from './request-log.js';
import { noStore, securityHeaderValues, securityHeaders } from './security.js';
import { firstLoadPages, readFirstLoadManifest } from './first-load.js';
import { directListener, modulePageHeads, moduleRouter, moduleRoutes } from './module-routes.js';
import { compressAnswers, webApp } from './web-app.js';
import { LiveLimits } from './live-limits.js';
import { SessionSockets } from './session-sockets.js';

export const BODY_LIMIT = '1mb';

export interface StudioServer {
  httpServer: http.Server;
  apollo: ApolloServer<Context>;
  /** The multiplexed (shared) subscriptions of this process. */
  live: SubscriptionMultiplexer;
  listen(port: number): Promise<number>;
  /**
   * Before close() behind a load balancer: for `ms`, every new request is answered 503 "restarting" with
   * Retry-After and Connection: close, unprocessed, so the proxy passes it to another replica and marks this one
   * down; requests already running finish. Then nothing arrives any more when the listener closes (closing it
   * under traffic resets connections the proxy has just opened, and a POST caught so is answered 502).
   */
  drain(ms: number): Promise<void>;
  close(): Promise<void>;
}

export const RESTARTING_MESSAGE = 'This server is restarting. Please try again in a moment.';

function trustProxySetting(value: string): boolean | string | number {
  if (value === 'true') return true;
  if (value === 'false') return false;
  if (/^\d+$/.test(value)) return Number(value);
  return value;
}

const introspectionByDocument = new WeakMap<DocumentNode, boolean>();

/** Apollo keeps parsed documents, so the walk runs once per distinct query, not per request. */
function selectsIntrospection(document: DocumentNode): boolean {
  const known = introspectionByDocument.get(document);
  if (known !== undefined) return known;
  let found = false;
  visit(document, {
    Field(node) {
      if (node.name.value === '__schema' || node.name.value === '__type') {
        found = true;
        return BREAK;
      }
      return undefined;
    },
  });
  introspectionByDocument.set(document, found);
  return found;
}

const introspectionRefused = () =>
  new GraphQLError('Introspection is available to signed-in admins and integrations only.', {
    extensions: { code: ErrorCode.FORBIDDEN, http: { status: 403 } },
  });

/** In production, only signed-in admins may introspect the schema; tooling uses the committed SDL instead. */
function introspectionGate(enabled: boolean): ApolloServerPlugin<Context> {
  return {
    async requestDidStart() {
      return {
        async didResolveOperation({ document, contextValue }) {
          if (enabled && contextValue.user?.role !== Role.admin && selectsIntrospection(document)) throw introspectionRefused();
        },
      };
    },
  };
}

/** Refuses an operation whose variables hold an oversized list (graphql/armor.ts) or whose cost is over the limit (cost.ts). */
function costGate(): ApolloServerPlugin<Context> {
  return {
    async requestDidStart() {
      return {
        async didResolveOperation({ document, schema, request }) {
          const refusal =
            oversizedListRefusal(request.variables) ?? costRefusal(schema, document, request.variables, request.operationName);
          if (refusal) throw refusal;
        },
      };
    },
  };
}

/** An answer whose errors say the database is unreachable goes out as 503 with Retry-After. */
function unavailableStatus(): ApolloServerPlugin<Context> {
  return {
    async requestDidStart() {
      return {
        async willSendResponse({ response }) {
          if (response.body.kind !== 'single') return;
          const errors = response.body.singleResult.errors ?? [];
          if (!errors.some((e) => e.extensions?.code === ErrorCode.SERVICE_UNAVAILABLE)) return;
          response.http.status = 503;
          response.http.headers.set('retry-after', String(UNAVAILABLE_RETRY_AFTER_SECONDS));
        },
      };
    },
  };
}

/** Answers within `ms` whether the database takes a query (a frozen database must not hang /readyz). */
async function databaseAnswers(services: Services, ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(false), ms)));
  const query = services.orm.em
    .getConnection()
    .execute('select 1')
    .then(() => true)
    .catch(() => false);
  try {
    return await Promise.race([query, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * The SPA's page with the studio's time zone in a meta tag, so the app knows the studio's "today" (and shows times
 * on the studio's clock) before its first request, whatever the device's time zone.
 */
export function spaIndex(html: string, timeZone: string): string {
  const meta = `<meta name="studio-time-zone" content="${timeZone.replace(/[^A-Za-z0-9_/+-]/g, '')}">`;
  return html.includes('</head>') ? html.replace('</head>', `  ${meta}\n  </head>`) : `${meta}${html}`;
}

/**
 * Parsed and validated subscription documents by their text: a thousand viewers of one page send the same document,
 * and graphql-ws keeps each subscriber's document as long as it runs, so they share one (documents are never
 * changed once parsed). At most DOCUMENTS_CACHED texts of at most DOCUMENT_CACHED_CHARS are kept, oldest dropped first.
 */
const DOCUMENTS_CACHED = 500;
const DOCUMENT_CACHED_CHARS = 8000;
class DocumentCache {
  private readonly parsed = new Map<string, DocumentNode>();
  private readonly validated = new WeakMap<DocumentNode, readonly GraphQLError[]>();

  constructor(
    private readonly schema: GraphQLSchema,
    private readonly rules: Parameters<typeof validate>[2],
  ) {}

  parse(query: string): DocumentNode {
    const known = this.parsed.get(query);
    if (known) return known;
    const document = parse(query, parseOptions);
    if (query.length > DOCUMENT_CACHED_CHARS) return document;
    if (this.parsed.size >= DOCUMENTS_CACHED) this.parsed.delete(this.parsed.keys().next().value!);
    this.parsed.set(query, document);
    return document;
  }

  validate(document: DocumentNode): readonly GraphQLError[] {
    let errors = this.validated.get(document);
    if (!errors) this.validated.set(document, (errors = validate(this.schema, document, this.rules)));
    return errors;
  }
}

/**
 * `extensions.cost` of an API key's WebSocket operations, by socket and operation id, until their first answer (the
 * one the charge paid for: a query's or mutation's result, a subscription's first event) carries it. Shared and
 * per-viewer feeds write their own frames: the multiplexer adds it there (SharedOperation.firstExtensions).
 */
class OperationCosts {
  private readonly bySocket = new WeakMap<object, Map<string, CostExtension>>();

  set(socket: object, id: string, cost: CostExtension) {
    let costs = this.bySocket.get(socket);
    if (!costs) this.bySocket.set(socket, (costs = new Map()));
    costs.set(id, cost);
  }

  /** The cost not yet reported for this operation (then forgotten), or undefined. */
  take(socket: object, id: string): CostExtension | undefined {
    const costs = this.bySocket.get(socket);
    const cost = costs?.get(id);
    costs?.delete(id);
    return cost;
  }
}

export async function createStudioServer(services: Services, schema: GraphQLSchema): Promise<StudioServer> {
  const { env } = services;
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', trustProxySetting(env.TRUST_PROXY));
  app.use(requestLogging());
  app.use(securityHeaders());
  // The modules' direct routes (Stripe's webhook) are served ahead of Express; everything else, by Express.
  const routes = moduleRoutes(services);
  const direct = directListener(routes.direct, securityHeaderValues());
  let draining = false;
  const httpServer = http.createServer((req, res) => {
    if (draining) {
      // The body is read (and dropped) first: closing a socket with unread bytes resets it, and the proxy would
      // lose the answer ("upstream prematurely closed").
      const answer = () => {
        if (res.headersSent) return;
        res.writeHead(503, { 'content-type': 'text/plain; charset=utf-8', 'retry-after': '1', connection: 'close' });
        res.end(RESTARTING_MESSAGE);
      };
      req.once('end', answer).once('error', answer).resume();
      return void setTimeout(answer, 1000).unref();
    }
    if (!direct(req, res)) app(req, res);
  });
  // Idle keep-alive connections outlive the clients' own idle timeouts (fetch: the server's hint less 1 s; proxies:
  // often 60 s), so the server never closes one just as a client reuses it (the client would see ECONNRESET).
  httpServer.keepAliveTimeout = 65_000;
  httpServer.headersTimeout = 66_000;

  // graphql-ws validates on its own, so the same armor is applied here before anything executes.
  const wsServer = new WebSocketServer({ server: httpServer, path: '/graphql', maxPayload: 1024 * 1024 });
  const wsRules = [...specifiedRules, ...armorRules];
  const sessionSockets = new SessionSockets(services);
  const liveLimits = new LiveLimits(
    {
      subscriptionsPerSocket: env.WS_MAX_SUBSCRIPTIONS_PER_SOCKET,
      socketsPerUser: env.WS_MAX_SOCKETS_PER_USER,
      socketsPerAddress: env.WS_MAX_SOCKETS_PER_ADDRESS,
      subscribesPerMinute: env.WS_SUBSCRIBES_PER_MINUTE,
    },
    app.get('trust proxy fn') as (address: string, hop: number) => boolean,
  );
  const formatWsErrors = (errors: readonly GraphQLError[]) => errors.map((e) => formatError(e.toJSON(), e, env));
  const documents = new DocumentCache(schema, wsRules);
  const keyedCosts = new OperationCosts();
  const multiplexer = new SubscriptionMultiplexer(services, schema, formatWsErrors, env.WS_MAX_BUFFERED_BYTES);
  const wsCleanup = useServer<{ authorization?: string }, { request: http.IncomingMessage }>(
    {
      schema,
      onConnect: async (ctx) => {
        const authorization = ctx.connectionParams?.authorization;
        if (!authorization) return true;
        const context = await createContext(services, { authorization });
        if (!context.user) return false; // a stale token is refused with 4403 so the client signs out
        // Over the account's limit the socket is already closed with its own code; graphql-ws's 4403 does not follow.
        if (!liveLimits.admitUser(ctx.extra.socket, context.user.id, sessionSockets.socketsOf(context.user.id))) return false;
        sessionSockets.add(context.user.id, ctx.extra.socket, authorization);
        return true;
      },
      onSubscribe: async (ctx, id, payload) => {
        const overLimit = await liveLimits.subscribeRefusal(ctx.extra.socket, Object.keys(ctx.subscriptions).length);
        if (overLimit) return [overLimit];
        let document: DocumentNode;
        try {
          document = documents.parse(payload.query);
        } catch (err) {
          return [new GraphQLError((err as Error).message, { extensions: { code: 'GRAPHQL_PARSE_FAILED' } })];
        }
        const errors = documents.validate(document);
        if (errors.length) {
          // Same codes and (outside development) the same suggestion-free messages as over HTTP.
          return errors.map(
            (e) =>
              new GraphQLError(env.isDev ? e.message : withoutSuggestions(e.message), {
                extensions: { code: 'GRAPHQL_VALIDATION_FAILED' },
              }),
          );
        }
        const tooCostly =
          oversizedListRefusal(payload.variables ?? undefined) ??
          costRefusal(schema, document, payload.variables ?? undefined, payload.operationName);
        if (tooCostly) return [tooCostly];
        const authorization = ctx.connectionParams?.authorization;
        const personal = () =>
          createContext(services, {
            authorization,
            ip: liveLimits.clientAddress(ctx.extra.request),
            userAgent: ctx.extra.request.headers['user-agent'] ?? null,
          });
        // An API key's subscription, shared or not, is checked against its scopes and charged its cost once, here.
        const keyed =
          typeof authorization === 'string' && services.apikeys.isKey(bearerToken(authorization) ?? '') ? await personal() : null;
        let cost: CostExtension | null = null;
        if (keyed) {
          const refused =
            apiKeyRefusal(schema, document, payload.query, payload.variables ?? undefined, keyed) ??
            (await chargeApiKey(schema, document, payload.variables ?? undefined, payload.operationName, keyed));
          cost = costExtension(keyed);
          // A refusal is an error message, which has no extensions of its own: its error carries the cost.
          if (refused) return [cost ? new GraphQLError(refused.message, { extensions: { ...refused.extensions, cost } }) : refused];
        }
        // Public live data shared by many viewers: one execution per group of equal subscriptions (graphql/multiplex.ts).
        const sharedKey = multiplexer.sharedKey(document, payload.operationName, payload.variables);
        if (sharedKey) {
          const contextValue = new SharedOperation(sharedKey, ctx.extra.socket, id);
          contextValue.firstExtensions = cost && { cost };
          return { schema, document, operationName: payload.operationName, variableValues: payload.variables, contextValue };
        }
        const contextValue = keyed ?? (await personal());
        const { socket } = ctx.extra;
        contextValue.resync = () => {
          if (socket.readyState === socket.OPEN) socket.close(WS_RESYNC, 'Too far behind; reconnect and resync');
        };
        // A per-viewer feed many viewers share (a conversation): grouped, authorised per viewer and per event.
        const scoped = multiplexer.scopedKey(document, payload.operationName, payload.variables);
        if (scoped) {
          const operation = new ScopedOperation(scoped.key, ctx.extra.socket, id, contextValue, scoped.spec, scoped.fieldArgs);
          operation.firstExtensions = cost && { cost };
          return { schema, document, operationName: payload.operationName, variableValues: payload.variables, contextValue: operation };
        }
        if (env.isProd && contextValue.user?.role !== Role.admin && selectsIntrospection(document)) return [introspectionRefused()];
        if (cost) keyedCosts.set(ctx.extra.socket, id, cost);
        return { schema, document, operationName: payload.operationName, variableValues: payload.variables, contextValue };
      },
      // Each WebSocket operation runs in its own log scope, like an HTTP request.
      execute: (args) => requestScope.run({ requestId: (args.contextValue as Context).requestId }, () => execute(args)),
      subscribe: (args) =>
        args.contextValue instanceof SharedOperation
          ? multiplexer.join(args.contextValue, args)
          : requestScope.run({ requestId: (args.contextValue as Context).requestId }, () => subscribe(args)),
      onNext: (ctx, id, _payload, _args, result) => {
        // A per-viewer feed whose socket fell too far behind (a slow client) is closed like a shared one's: the
        // client reconnects and reads the current state again (web/src/app/apollo.ts), so nothing is lost.
        const { socket } = ctx.extra;
        if (socket.bufferedAmount > env.WS_MAX_BUFFERED_BYTES && socket.readyState === socket.OPEN)
          socket.close(WS_RESYNC, 'Too far behind; reconnect and resync');
        const cost = keyedCosts.take(socket, id);
        if (!result.errors?.length && !cost) return;
        return {
          ...result,
          ...(result.errors?.length ? { errors: formatWsErrors(result.errors) } : {}),
          ...(cost ? { extensions: { ...result.extensions, cost } } : {}),
        };
      },
      onComplete: (ctx, id) => void keyedCosts.take(ctx.extra.socket, id),
      onError: (_ctx, _id, _payload, errors) => formatWsErrors(errors),
    },
    wsServer,
  );

  // A socket error (an oversized frame: ws closes with 1009 itself) is the client's doing; graphql-ws would print
  // it with a stack on the console. One warning line instead.
  wsServer.on('connection', (socket, request) => {
    liveLimits.admit(socket, request);
    socket.removeAllListeners('error');
    socket.on('error', (err) => log.warn('websocket closed on a socket error', { message: err.message }));
  });

  const apollo = new ApolloServer<Context>({
    schema,
    introspection: true,
    // main.ts owns SIGINT/SIGTERM and stops everything in order. Apollo's own handlers (on outside NODE_ENV=test)
    // raced it: Apollo began stopping first, main's stop waited on it, and the process hung to the 15 s forced exit.
    stopOnTerminationSignals: false,
    csrfPrevention: true,
    hideSchemaDetailsFromClientErrors: !env.isDev,
    includeStacktraceInErrorResponses: env.isDev,
    parseOptions,
    validationRules: armorRules,
    formatError: (formatted, error) => formatError(formatted, error, env),
    // Compact JSON: Apollo's default pretty-prints every answer with two-space indents, a fifth more bytes to build,
    // compress and send (My Moves' 300 moves spent more time there than in its SQL).
    stringifyResult: (result) => JSON.stringify(result),
    plugins: [
      ApolloServerPluginDrainHttpServer({ httpServer }),
      ApolloServerPluginLandingPageDisabled(),
      // Cache hints are unused (answers are per-user, never cached); the plugin would wrap every field resolver.
      ApolloServerPluginCacheControlDisabled(),
      introspectionGate(env.isProd),
      costGate(),
      apiKeyGate(),
      unavailableStatus(),
      {
        async serverWillStart() {
          return {
            async drainServer() {
              await sessionSockets.close();
              await wsCleanup.dispose();
            },
          };
        },
      },
    ],
  });
  await apollo.start();

  const contextFor = async (req: express.Request) => {
    try {
      return await createContext(services, {
        authorization: req.headers.authorization,
        ip: req.ip ?? null,
        userAgent: req.headers['user-agent'] ?? null,
        appOrigin: appOriginOf(req),
        // Every operation over HTTP passes the API key gate, which charges the key before anything runs.
        keyConfirmedByCharge: true,
      });
    } catch (err) {
      // Checking the token needs the database; without it the request cannot be served, which is no client error.
      throw isDatabaseUnavailable(err) ? serviceUnavailable() : err;
    }
  };

  app.get('/healthz', (_req, res) => {
    res.json({ status: 'ok' });
  });
  app.get('/readyz', async (_req, res) => {
    const ok = await databaseAnswers(services, 800);
    res.status(ok ? 200 : 503).json({ status: ok ? 'ready' : 'database unavailable' });
  });

  app.use('/api', refuseMalformedPaths);
  const json = express.json({ limit: BODY_LIMIT });
  app.use('/graphql', noStore, compressAnswers, json, expressMiddleware(apollo, { context: ({ req }) => contextFor(req) }));
  // The modules' own pages and files, before the JSON parser and the REST facade.
  app.use(moduleRouter(routes.express));
  app.use('/api', noStore, compressAnswers, json, restFacade(apollo, contextFor));

  const webDist = env.WEB_DIST ? path.resolve(env.WEB_DIST) : path.resolve(__dirname, '../../../web/dist');
  if (existsSync(path.join(webDist, 'index.html'))) {
    const indexHtml = spaIndex(readFileSync(path.join(webDist, 'index.html'), 'utf8'), env.STUDIO_TIME_ZONE);
    // The first-load query is public data: it runs as an anonymous visitor, so every page carries the same answer.
    const anonymousAnswer = async (query: string, variables?: Record<string, unknown>) => {
      const response = await apollo.executeOperation({ query, variables }, { contextValue: await createContext(services, {}) });
      if (response.body.kind !== 'single') throw new Error('Unexpected incremental response');
      const { data, errors } = response.body.singleResult;
      if (errors?.length) throw new Error(errors[0].message);
      return data ?? null;
    };
    app.use(
      webApp(
        webDist,
        firstLoadPages(indexHtml, readFirstLoadManifest(webDist), anonymousAnswer, env.STUDIO_TIME_ZONE, modulePageHeads(services)),
      ),
    );
  }

  const errorHandler: ErrorRequestHandler = (err, req, res, _next) => {
    const e = err as { type?: string; status?: number; message?: string };
    if (e.type === 'entity.too.large') return void res.status(413).type('text/plain').send('The request is too large (limit 1 MB).');
    if (e.type === 'entity.parse.failed') return void res.status(400).type('text/plain').send('The request body is not valid JSON.');
    if (e.type === 'charset.unsupported' || e.type === 'encoding.unsupported')
      return void res.status(415).type('text/plain').send('Send the request body as UTF-8 JSON, without a content encoding.');
    if (e.status === 404) return void res.status(404).type('text/plain').send('Not found');
    // Other refusals from Express or its static files (a malformed or escaping path, say) keep their 4xx.
    if (e.status && e.status >= 400 && e.status < 500)
      return void res
        .status(e.status)
        .type('text/plain')
        .send(http.STATUS_CODES[e.status] ?? 'Bad request');
    if (isDatabaseUnavailable(err)) {
      res.setHeader('Retry-After', String(UNAVAILABLE_RETRY_AFTER_SECONDS));
      return void res.status(503).type('text/plain').send(serviceUnavailable().message);
    }
    log.error('http error', { path: req.path, message: e.message });
    res.status(500).type('text/plain').send('Something went wrong on our side. Please try again.');
  };
  app.use(errorHandler);

  return {
    httpServer,
    apollo,
    live: multiplexer,
    listen: (port) =>
      new Promise((resolve, reject) => {
        httpServer.once('error', reject);
        httpServer.listen(port, () => resolve((httpServer.address() as AddressInfo).port));
      }),
    drain: async (ms) => {
      if (ms <= 0) return;
      draining = true;
      await new Promise((resolve) => setTimeout(resolve, ms));
    },
    close: async () => {
      await apollo.stop(); // drains HTTP connections and disposes the WebSocket server
      wsServer.close();
    },
  };
}
