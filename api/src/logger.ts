import { AsyncLocalStorage } from 'node:async_hooks';
import pino, { type Level } from 'pino';

/** The request being served, so every line logged while serving it carries its id (set by the HTTP layer). */
export const requestScope = new AsyncLocalStorage<{ requestId: string }>();

export type LogLevel = Level | 'silent';

/**
 * The process's structured logger: one JSON line per event; warnings and errors on stderr, the rest on stdout.
 * Lines written while a request is served carry its `requestId`.
 */
export const rootLogger = pino(
  {
    level: process.env.LOG_LEVEL ?? 'info',
    base: undefined,
    timestamp: pino.stdTimeFunctions.isoTime,
    formatters: { level: (label) => ({ level: label }) },
    mixin: () => {
      const scope = requestScope.getStore();
      return scope ? { requestId: scope.requestId } : {};
    },
  },
  pino.multistream(
    [
      { level: 'trace', stream: process.stdout },
      { level: 'warn', stream: process.stderr },
    ],
    { dedupe: true },
  ),
);

export function setLogLevel(level: LogLevel): void {
  rootLogger.level = level;
}

type Fields = Record<string, unknown>;

/** `log.info('message', { fields })`: the message first, as it reads best at call sites. */
export const log = {
  debug: (msg: string, fields?: Fields) => rootLogger.debug(fields ?? {}, msg),
  info: (msg: string, fields?: Fields) => rootLogger.info(fields ?? {}, msg),
  warn: (msg: string, fields?: Fields) => rootLogger.warn(fields ?? {}, msg),
  error: (msg: string, fields?: Fields) => rootLogger.error(fields ?? {}, msg),
};
