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
  let down = false;
  let frozen = false;
  const server = net.createServer((client) => {
    if (down) return void client.destroy();
    if (frozen) client.pause();
    const upstream = net.connect(Number(target.port), target.hostname);
    for (const s of [client, upstream]) {
      sockets.add(s);
      s.on('close', () => sockets.delete(s));
      s.on('error', () => undefined);
    }
    client.pipe(upstream).pipe(client);
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
      frozen = true;
      for (const s of sockets) s.pause();
    },
    restore() {
      down = false;
      frozen = false;
      for (const s of sockets) s.resume();
    },
    close: () =>
      new Promise((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}
