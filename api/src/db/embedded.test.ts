import { chmodSync, mkdirSync, mkdtempSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { DEFAULT_EMBEDDED_PG_PORT, embeddedPort, folderClosedToOthers, StartupError } from './embedded.js';

/** A second instance on the same machine starts, and start-up failures say why in one line. */
function occupy(port: number): Promise<net.Server | null> {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.once('error', () => resolve(null)); // already taken by someone else: just as good
    server.listen(port, '127.0.0.1', () => resolve(server));
  });
}

describe('the embedded database port', () => {
  it('moves to a free port when the default one is taken and none is configured', async () => {
    const holder = await occupy(DEFAULT_EMBEDDED_PG_PORT);
    try {
      const port = await embeddedPort(undefined);
      expect(port).not.toBe(DEFAULT_EMBEDDED_PG_PORT);
      expect(port).toBeGreaterThan(0);
    } finally {
      holder?.close();
    }
  });

  it('refuses a configured port that is taken, in one line naming the setting', async () => {
    const holder = net.createServer();
    await new Promise<void>((r) => holder.listen(0, '127.0.0.1', r));
    const { port } = holder.address() as net.AddressInfo;
    try {
      const failure = embeddedPort(port);
      await expect(failure).rejects.toBeInstanceOf(StartupError);
      await expect(failure).rejects.toThrow(new RegExp(`^The embedded database's port ${port} is taken.*EMBEDDED_PG_PORT[^\\n]*$`));
    } finally {
      holder.close();
    }
  });

  it('keeps a configured port that is free', async () => {
    const holder = net.createServer();
    await new Promise<void>((r) => holder.listen(0, '127.0.0.1', r));
    const { port } = holder.address() as net.AddressInfo;
    await new Promise((r) => holder.close(r));
    expect(await embeddedPort(port)).toBe(port);
  });
});

describe('folders the postgres user cannot enter (when running as root)', () => {
  it('names the first closed folder on the way, and none when all are open', () => {
    const base = mkdtempSync(path.join(os.tmpdir(), 'studio-private-'));
    chmodSync(base, 0o755);
    const inner = path.join(base, 'clone', 'node_modules');
    mkdirSync(inner, { recursive: true });
    expect(folderClosedToOthers(inner)).toBeNull();
    chmodSync(path.join(base, 'clone'), 0o700);
    expect(folderClosedToOthers(inner)).toBe(path.join(base, 'clone'));
    chmodSync(path.join(base, 'clone'), 0o755);
  });
});
