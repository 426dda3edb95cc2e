import { startTestApp, type TestApp } from '../../test/app.js';
import { makeUser } from '../../test/factories.js';
import { createContext } from './context.js';
import { liveFeed, type LiveResult } from './live.js';

/** graphql/live.ts at scale: one session check for every subscriber of an event, one read per scope. */
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const KEY = 'shared-key';

async function viewers(count: number) {
  return Promise.all(
    Array.from({ length: count }, async () => {
      const made = await makeUser(t);
      return { made, ctx: await createContext(t.app.services, { authorization: `Bearer ${made.token}` }) };
    }),
  );
}

/** Starts the feeds, takes their first (RESYNC) result, and returns the next result of each once it comes. */
async function start<T>(feeds: AsyncIterable<LiveResult<T>>[]) {
  const iterators = feeds.map((f) => f[Symbol.asyncIterator]());
  await Promise.all(iterators.map((it) => it.next()));
  // Asking for the next result is what lets a feed listen (as graphql-ws asks at once).
  const following = Promise.all(iterators.map((it) => it.next().then((r) => r.value as LiveResult<T>)));
  await new Promise((r) => setTimeout(r, 200));
  return {
    next: () => following,
    stop: () => Promise.all(iterators.map((it) => it.return?.())),
  };
}

it('checks the sessions of every subscriber of one event in one statement, and refuses only the ended one', async () => {
  const all = await viewers(4);
  const feeds = all.map(({ ctx }) => liveFeed(ctx, 'NOTIFICATIONS_CHANGED', KEY, async (viewer) => viewer.user.id));
  const feed = await start(feeds);
  await t.gql(`mutation { logout }`, {}, { token: all[3].made.token });
  const checks = jest.spyOn(t.app.services.auth, 'usersForTokens');
  try {
    t.app.services.pubsub.publishLocally('NOTIFICATIONS_CHANGED', KEY, { kind: 'added' });
    const results = await feed.next();
    expect(checks).toHaveBeenCalledTimes(1);
    expect(checks.mock.calls[0][1]).toHaveLength(4);
    expect(results.slice(0, 3)).toEqual(all.slice(0, 3).map(({ made }) => ({ value: made.user.id })));
    expect(results[3]).toEqual({ refused: expect.objectContaining({ message: 'Your session has ended. Please sign in again.' }) });
  } finally {
    checks.mockRestore();
    await feed.stop();
  }
});

it('reads once per scope and event when the feed names its scope; alone without one', async () => {
  const all = await viewers(4);
  let reads = 0;
  const read = async () => {
    reads += 1;
    return 'the same for everyone';
  };
  const shared = await start(all.map(({ ctx }) => liveFeed(ctx, 'NOTIFICATIONS_CHANGED', KEY, read, { scope: () => 'everyone' })));
  reads = 0;
  t.app.services.pubsub.publishLocally('NOTIFICATIONS_CHANGED', KEY, { kind: 'added' });
  expect(await shared.next()).toEqual(all.map(() => ({ value: 'the same for everyone' })));
  expect(reads).toBe(1);
  await shared.stop();

  // A scope per viewer (or none): every viewer reads.
  const alone = await start(all.map(({ ctx }) => liveFeed(ctx, 'NOTIFICATIONS_CHANGED', KEY, read, { scope: (v) => v.user.id })));
  reads = 0;
  t.app.services.pubsub.publishLocally('NOTIFICATIONS_CHANGED', KEY, { kind: 'added' });
  await alone.next();
  expect(reads).toBe(4);
  await alone.stop();
});
