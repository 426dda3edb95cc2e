import net from 'node:net';

/**
 * A TCP hop between the API and PostgreSQL, so a test can take the database away and bring it back the way a
 * network cut or a restart would: every open connection is reset and new ones are refused until `restore()`.
 */
export interface DbProxy {
  /** The database URL, pointed at the proxy. */
  url: string;
  /** Resets every connection and refuses new ones. */
  cut(): void;
  /** Holds every byte in both directions (a frozen database: connections stay open, nothing answers). */
  freeze(): void;
  /** Accepts connections again, or lets held bytes flow after a freeze. */
  restore(): void;
  close(): Promise<void>;
}

export async function startDbProxy(databaseUrl: string): Promise<DbProxy> {
  const target = new URL(databaseUrl);
  const sockets = new Set<net.Socket>();
  /** Each connection's two ends; frozen, they are unpiped (a paused pipe resumes itself on the other end's drain). */
  const pairs = new Set<[net.Socket, net.Socket]>();
  let down = false;
  let frozen = false;
  const hold = ([client, upstream]: [net.Socket, net.Socket]) => {
    client.unpipe(upstream);
    upstream.unpipe(client);
    client.pause();
    upstream.pause();
  };
  const flow = ([client, upstream]: [net.Socket, net.Socket]) => {
    client.pipe(upstream);
    upstream.pipe(client);
  };
  const server = net.createServer((client) => {
    if (down) return void client.destroy();
    const upstream = net.connect(Number(target.port), target.hostname);
    const pair: [net.Socket, net.Socket] = [client, upstream];
    pairs.add(pair);
    for (const s of pair) {
      sockets.add(s);
      s.on('close', () => (sockets.delete(s), pairs.delete(pair)));
      s.on('error', () => undefined);
    }
    if (frozen) hold(pair);
    else flow(pair);
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  const url = new URL(databaseUrl);
  url.host = `127.0.0.1:${port}`;
  return {
    url: url.toString(),
    cut() {
      down = true;
      for (const s of sockets) s.resetAndDestroy();
    },
    freeze() {
      if (frozen) return;
      frozen = true;
      for (const pair of pairs) hold(pair);
    },
    restore() {
      down = false;
      if (!frozen) return;
      frozen = false;
      for (const pair of pairs) flow(pair);
    },
    close: () =>
      new Promise((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}
