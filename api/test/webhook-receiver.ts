import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** A request a test receiver got. */
export interface ReceivedWebhook {
  path: string;
  headers: Record<string, string>;
  body: string;
  at: number;
}

/** How a receiver answers one request to a path (the count starts at 1 for the path's first request). */
export type Answer = (req: ReceivedWebhook, count: number, res: http.ServerResponse) => void | Promise<void>;

export interface TestReceiver {
  /** The receiver's base address, http://127.0.0.1:<port>. */
  url: string;
  received: ReceivedWebhook[];
  /** The requests to one path. */
  at(path: string): ReceivedWebhook[];
  /** Sets how a path answers (default: 200 "ok"). */
  answer(path: string, answer: Answer): void;
  close(): Promise<void>;
}

/** A real HTTP server on loopback that records every webhook it gets. */
export async function startReceiver(): Promise<TestReceiver> {
  const received: ReceivedWebhook[] = [];
  const answers = new Map<string, Answer>();
  const counts = new Map<string, number>();
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const path = (req.url ?? '/').split('?')[0];
      const hit: ReceivedWebhook = {
        path,
        headers: Object.fromEntries(Object.entries(req.headers).map(([k, v]) => [k, String(v)])),
        body: Buffer.concat(chunks).toString('utf8'),
        at: Date.now(),
      };
      received.push(hit);
      const count = (counts.get(path) ?? 0) + 1;
      counts.set(path, count);
      const answer = answers.get(path);
      if (answer) return void Promise.resolve(answer(hit, count, res)).catch(() => res.destroy());
      res.writeHead(200, { 'content-type': 'text/plain' }).end('ok');
    });
  });
  server.keepAliveTimeout = 30_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    received,
    at: (path) => received.filter((r) => r.path === path),
    answer: (path, answer) => void answers.set(path, answer),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
