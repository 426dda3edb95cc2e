import { Repeater } from '@graphql-yoga/subscription';
import type { EntityManager } from '@mikro-orm/postgresql';
import { Context, type Services } from './context.js';
import { AppError, unauthenticated } from './errors.js';
import type { KeyedEvent, KeyedTopic } from './pubsub.js';

/** What a live feed hands its resolver: a value to send, or the refusal that ends the feed. */
export type LiveResult<T> = { value: T } | { refused: AppError };

/** The event a feed is given at its start and after a gap in LISTEN: read the current state. */
export const RESYNC = { kind: 'resync' } as const;

/**
 * A per-viewer live feed over one key of a keyed topic (a user's notifications; later a conversation's messages).
 * Events carry ids only. For each event the viewer is authorised again from their token (a revoked session, a
 * deactivated user or a changed role stops the feed at once) and `read` re-reads what the event names with a fresh
 * context, hence a fresh entity manager fork, under the viewer's own access rules; null means "nothing for this
 * viewer" and sends nothing. The feed starts with RESYNC, so a subscriber holds the current state without a race
 * between its first query and its subscription, and gets RESYNC again after the LISTEN connection had a gap.
 *
 * A refusal is handed to the resolver, which throws it (`unwrapLive`): the client gets the error with its code, then
 * the feed ends. Errors thrown from an event stream itself would reach the client without their code.
 */
export function liveFeed<K extends KeyedTopic, T>(
  ctx: Context,
  topic: K,
  key: string,
  read: (viewer: Context & { user: NonNullable<Context['user']> }, event: KeyedEvent<K> | typeof RESYNC) => Promise<T | null>,
  options: LiveFeedOptions = {},
): AsyncIterable<LiveResult<T>> {
  return new Repeater<LiveResult<T>>(async (push, stop) => {
    // A client that stopped reading: its queue overflows and it is made to resync at once (closed with 4413).
    const events = ctx.services.pubsub.subscribeKey(topic, key, () => ctx.resync?.());
    void stop.then(() => events.return?.());
    const deliver = async (event: KeyedEvent<K> | typeof RESYNC): Promise<boolean> => {
      try {
        const viewer = await reauthorise(ctx);
        const value = await sharedRead(viewer, event, options.scope, read);
        if (value !== null) await push({ value });
        return true;
      } catch (err) {
        if (!(err instanceof AppError)) throw err;
        await push({ refused: err });
        return false;
      }
    };
    try {
      if (await deliver(RESYNC)) for await (const event of events) if (!(await deliver(event))) break;
    } catch (err) {
      stop(err);
      return;
    }
    stop();
  });
}

export interface LiveFeedOptions {
  /**
   * What, besides the event, the value read for a viewer depends on (say the role, or "member of the conversation"):
   * viewers of one key with the same scope share one `read` per event instead of one each. Without it every viewer
   * reads alone. The viewer is authorised again either way.
   */
  scope?: (viewer: Context & { user: NonNullable<Context['user']> }, event: object) => string;
}

/**
 * A per-viewer live feed that may be multiplexed (graphql/multiplex.ts): its subscribers of one key are grouped; per
 * event every subscriber is authorised again (one statement for the group), subscribers whose `scope` is equal share
 * one `read`, one execution and one serialized frame, and the others get nothing. `scope` must name everything the
 * read's answer depends on besides the event (the conversation's visibility class, or the viewer when it is
 * private to them): two viewers of one scope must be allowed exactly the same. Mark the field with
 * `@Extensions(viewerLive(spec))`; its `subscribe` stays `liveFeed` over the same spec for a lone subscriber.
 */
export interface ScopedLive<A = Record<string, unknown>, K extends KeyedTopic = KeyedTopic, T = unknown> {
  topic: K;
  key: (args: A) => string;
  /** Checked once when a viewer subscribes: throws the refusal (a client that may not subscribe at all). */
  admit: (ctx: Context, args: A) => void;
  /** Everything but the event the read depends on, from the viewer as the database says now. */
  scope: (viewer: { id: string; role: string }, event: KeyedEvent<K> | { kind: 'resync' }, args: A) => string;
  read: (viewer: Viewer, event: KeyedEvent<K> | typeof RESYNC, args: A) => Promise<T | null>;
}

/** The field extension of a multiplexed per-viewer feed. */
export const viewerLive = <A, K extends KeyedTopic, T>(spec: ScopedLive<A, K, T>) => ({ liveScope: 'viewer', scopedLive: spec }) as const;

/** The lone subscriber's feed over a ScopedLive spec (the same reads and scopes as in a group). */
export function scopedFeed<A, K extends KeyedTopic, T>(ctx: Context, spec: ScopedLive<A, K, T>, args: A): AsyncIterable<LiveResult<T>> {
  spec.admit(ctx, args);
  return liveFeed(ctx, spec.topic, spec.key(args), (viewer, event) => spec.read(viewer, event, args), {
    scope: (viewer, event) => spec.scope(viewer.user as { id: string; role: string }, event as KeyedEvent<K>, args),
  });
}

export type Viewer = Context & { user: NonNullable<Context['user']> };

/** One event's reads, by scope; the start's RESYNC (one constant object) is always read alone. */
const readsByEvent = new WeakMap<object, Map<string, Promise<unknown>>>();

function sharedRead<E extends object, T>(
  viewer: Viewer,
  event: E,
  scope: LiveFeedOptions['scope'],
  read: (viewer: Viewer, event: E) => Promise<T | null>,
): Promise<T | null> {
  if (!scope || event === RESYNC) return read(viewer, event);
  let reads = readsByEvent.get(event);
  if (!reads) readsByEvent.set(event, (reads = new Map()));
  const key = scope(viewer, event);
  let value = reads.get(key) as Promise<T | null> | undefined;
  if (!value) reads.set(key, (value = read(viewer, event)));
  return value;
}

/**
 * The viewer as the database says now: the same token, checked again, with a fresh entity manager. The checks of
 * one moment (every subscriber of one event) go to the database together, in one statement.
 */
async function reauthorise(ctx: Context): Promise<Viewer> {
  const signedIn = ctx.token && ctx.user ? await checkSession(ctx.services, ctx.token) : null;
  if (!signedIn || signedIn.user.id !== ctx.user?.id) throw unauthenticated('Your session has ended. Please sign in again.');
  return new Context(ctx.services, signedIn.user, ctx.token, signedIn.sessionId, ctx.ip, ctx.userAgent, signedIn.em) as Viewer;
}

type SignedIn = { user: NonNullable<Context['user']>; sessionId: string; em: EntityManager };
interface Waiting {
  promise: Promise<SignedIn | null>;
  resolve: (answer: SignedIn | null) => void;
  reject: (err: unknown) => void;
}
const pendingChecks = new Map<Services, Map<string, Waiting[]>>();

/** Collects the session checks of this turn of the event loop and answers them with one query. */
function checkSession(services: Services, token: string): Promise<SignedIn | null> {
  let batch = pendingChecks.get(services);
  if (!batch) {
    const started = new Map<string, Waiting[]>();
    pendingChecks.set(services, (batch = started));
    setImmediate(() => {
      pendingChecks.delete(services);
      services.auth.usersForTokens(services.orm.em, [...started.keys()]).then(
        async (answers) => {
          for (const [t, waiting] of started) {
            const answer = answers.get(t) ?? null;
            // Every subscription gets a user and an entity manager of its own, as before.
            waiting[0].resolve(answer);
            for (const other of waiting.slice(1)) other.resolve(answer ? await fresh(services, t) : null);
          }
        },
        (err: unknown) => {
          for (const waiting of started.values()) for (const w of waiting) w.reject(err);
        },
      );
    });
  }
  const waiting = deferred();
  batch.set(token, [...(batch.get(token) ?? []), waiting]);
  return waiting.promise;
}

async function fresh(services: Services, token: string): Promise<SignedIn | null> {
  return (await services.auth.usersForTokens(services.orm.em, [token])).get(token) ?? null;
}

function deferred(): Waiting {
  let resolve!: Waiting['resolve'];
  let reject!: Waiting['reject'];
  const promise = new Promise<SignedIn | null>((ok, fail) => ((resolve = ok), (reject = fail)));
  return { promise, resolve, reject };
}

/** In a subscription's resolver: the value, or the refusal thrown so the client sees its code. */
export function unwrapLive<T>(result: LiveResult<T>): T {
  if ('refused' in result) throw result.refused;
  return result.value;
}
