import { Repeater } from '@graphql-yoga/subscription';
import { createContext, type Context } from './context.js';
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
): AsyncIterable<LiveResult<T>> {
  return new Repeater<LiveResult<T>>(async (push, stop) => {
    const events = ctx.services.pubsub.subscribeKey(topic, key);
    void stop.then(() => events.return?.());
    const deliver = async (event: KeyedEvent<K> | typeof RESYNC): Promise<boolean> => {
      try {
        const viewer = await reauthorise(ctx);
        const value = await read(viewer, event);
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

/** The viewer as the database says now: the same token, checked again, with a fresh entity manager. */
async function reauthorise(ctx: Context): Promise<Context & { user: NonNullable<Context['user']> }> {
  const fresh = ctx.token && ctx.user ? await createContext(ctx.services, { authorization: `Bearer ${ctx.token}` }) : null;
  if (!fresh?.user || fresh.user.id !== ctx.user?.id) throw unauthenticated('Your session has ended. Please sign in again.');
  return fresh as Context & { user: NonNullable<Context['user']> };
}

/** In a subscription's resolver: the value, or the refusal thrown so the client sees its code. */
export function unwrapLive<T>(result: LiveResult<T>): T {
  if ('refused' in result) throw result.refused;
  return result.value;
}
