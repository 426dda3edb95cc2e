import type { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import { randomUUID } from 'node:crypto';
import type PgBoss from 'pg-boss';
import { requestScope } from '../logger.js';
import type { Env } from '../env.js';
import type { DomainEvents } from '../events/domain-events.js';
import type { JobQueues } from '../jobs/job-queues.js';
import type { FileStorage } from '../storage/index.js';
import type { EntityLoaders } from './loaders.js';
import type { StudioPubSub } from './pubsub.js';
import type { ExportSource } from '../exports/export-source.js';

/** What every module may use: the process-wide infrastructure. */
export interface Core {
  env: Env;
  orm: MikroORM;
  jobs: PgBoss;
  /** The queues the modules declare (their `queues`), run and recorded (jobs/job-queues.ts). */
  queues: JobQueues;
  pubsub: StudioPubSub;
  /** Domain events: emitted by modules in their transactions, handled by modules above them (events/). */
  events: DomainEvents;
  /** Uploaded files (a folder under DATA_DIR, or an S3-compatible bucket); served with storage/serve.ts. */
  storage: FileStorage;
  /** The tables the modules declare exportable (their `exports`), by name (exports/). */
  exports: ReadonlyMap<string, ExportSource>;
}

// Services, Loaders and Viewer are completed by the module list (modules/index.ts) through declaration merging: every
// module's service under its name, every module's loaders, and the user entity. So this layer imports no module and
// no module imports the list, while `ctx.services.bookings` and `ctx.loaders.myBookings` stay fully typed.

/** The long-lived singletons of one API process, built once at boot (services.ts) and shared by every request. */
export interface Services extends Core {
  /** The batch loaders of one request: every module's, merged. */
  createLoaders(request: LoaderRequest): Loaders;
  close(): Promise<void>;
}

/** Per-request batch loaders, so list fields cost one query per relation, not one per row. */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- completed by the module list (see above)
export interface Loaders extends EntityLoaders {}

/** The signed-in user. */
export interface Viewer {
  id: string;
}

/** What an API key in the bearer header grants: the key (its user is the context's user) and its limits. */
export interface ApiKeyGrant {
  keyId: string;
  scopes: ReadonlySet<string>;
  /** SHA-256 (hex) of the documents the key may run; null: any document. */
  trustedDocuments: ReadonlySet<string> | null;
}

/** The cost an API key's request was charged and what its bucket holds after it (graphql/api-key-gate.ts). */
export interface ApiKeyCharge {
  requested: number;
  charged: number;
  available: number;
}

export interface LoaderRequest {
  /** Forks the request's entity manager on first use. */
  em: () => EntityManager;
  viewer: Viewer | null;
}

/**
 * What every resolver receives: who is asking, a fresh entity manager, per-request loaders and the services.
 * The entity manager is forked (and the loaders made) on first use: the public schedule needs neither. Prototype
 * getters rather than own ones, because Apollo copies the context's own properties per operation.
 */
export class Context {
  /** The HTTP request's id (see http/request-log.ts), or a new one for a WebSocket operation. */
  readonly requestId = requestScope.getStore()?.requestId ?? randomUUID();
  private batch: Loaders | null = null;
  /**
   * For a WebSocket operation: makes its client resync (closes the socket with 4413). A per-viewer live feed calls
   * it when more events queued up for it than it can hold, i.e. its client stopped reading (graphql/live.ts).
   */
  resync: (() => void) | null = null;
  /** Set when the request came with an API key rather than a session token (or a key that does not work: `refused`). */
  apiKey: ApiKeyGrant | 'refused' | null = null;
  /** What the request was charged from its key's bucket, once it was. */
  apiKeyCharge: ApiKeyCharge | null = null;

  constructor(
    readonly services: Services,
    /** The signed-in user, from the entity manager below (so resolvers may change and flush it). */
    public user: Viewer | null,
    /** The raw bearer token of this request, if any. */
    readonly token: string | null,
    /** The session the token names, when the user is signed in. */
    readonly sessionId: string | null,
    readonly ip: string | null,
    readonly userAgent: string | null,
    private forked: EntityManager | null = null,
    /** The app's origin as this request's browser reached it (common/app-origin.ts), or null: where checkout returns. */
    readonly appOrigin: string | null = null,
  ) {}

  get em(): EntityManager {
    return (this.forked ??= this.services.orm.em.fork());
  }

  get loaders(): Loaders {
    return (this.batch ??= this.services.createLoaders({ em: () => this.em, viewer: this.user }));
  }
}

export function bearerToken(header: string | undefined | null): string | null {
  if (!header) return null;
  const match = /^Bearer\s+(\S+)$/i.exec(header.trim());
  return match ? match[1] : null;
}

/** Builds a context for one HTTP request or one WebSocket operation. */
export async function createContext(
  services: Services,
  request: {
    authorization?: string | null;
    ip?: string | null;
    userAgent?: string | null;
    appOrigin?: string | null;
    /** An API key's request is charged (and so its key confirmed valid) before anything runs: see ApiKeyService.grantFor. */
    keyConfirmedByCharge?: boolean;
  },
): Promise<Context> {
  const token = bearerToken(request.authorization);
  const em = token ? services.orm.em.fork() : null;
  if (em && token && services.apikeys.isKey(token)) {
    const granted = await services.apikeys.grantFor(em, token, { cached: request.keyConfirmedByCharge === true });
    const context = new Context(
      services,
      granted?.user ?? null,
      token,
      null,
      request.ip ?? null,
      request.userAgent?.slice(0, 512) ?? null,
      em,
      request.appOrigin ?? null,
    );
    context.apiKey = granted?.grant ?? 'refused';
    return context;
  }
  const signedIn = em && token ? await services.auth.userForToken(em, token) : null;
  return new Context(
    services,
    signedIn?.user ?? null,
    token,
    signedIn?.sessionId ?? null,
    request.ip ?? null,
    request.userAgent?.slice(0, 512) ?? null,
    em,
    request.appOrigin ?? null,
  );
}
