import { createClient, type Client } from 'graphql-ws';
import WebSocket from 'ws';

/** A real graphql-ws client over a real WebSocket. */
export function wsClient(httpUrl: string, token?: string): Client {
  return createClient({
    url: httpUrl.replace(/^http/, 'ws') + '/graphql',
    webSocketImpl: WebSocket,
    connectionParams: token ? { authorization: `Bearer ${token}` } : {},
    retryAttempts: 0,
    lazy: true,
  });
}

/** Subscribes and collects results; resolves `ready` once the server has acknowledged the subscription. */
export function collect(
  client: Client,
  query: string,
): { results: any[]; errors: unknown[]; next(ms?: number): Promise<any>; stop(): void } {
  const results: any[] = [];
  const errors: unknown[] = [];
  const stop = client.subscribe({ query }, { next: (r) => results.push(r), error: (e) => errors.push(e), complete: () => undefined });
  // Results are read in order: one that arrived before `next()` was called (the server may push an event before
  // the mutation that caused it has answered) is still the next one.
  let read = 0;
  return {
    results,
    errors,
    async next(ms = 5000) {
      const until = Date.now() + ms;
      while (Date.now() < until) {
        if (results.length > read) return results[read++];
        if (errors.length) return errors[0];
        await new Promise((r) => setTimeout(r, 20));
      }
      throw new Error('no subscription result arrived');
    },
    stop,
  };
}
