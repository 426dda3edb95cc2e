/** Minimal structured logger: one JSON line per event, level from LOG_LEVEL. */
const levels = { debug: 10, info: 20, warn: 30, error: 40, silent: 100 } as const;
type Level = keyof typeof levels;
let threshold: number = levels[(process.env.LOG_LEVEL as Level) ?? 'info'] ?? levels.info;

export function setLogLevel(level: Level): void {
  threshold = levels[level];
}

function write(level: Exclude<Level, 'silent'>, msg: string, fields?: Record<string, unknown>): void {
  if (levels[level] < threshold) return;
  const line = JSON.stringify({ time: new Date().toISOString(), level, msg, ...fields });
  (level === 'error' || level === 'warn' ? process.stderr : process.stdout).write(line + '\n');
}

export const log = {
  debug: (msg: string, fields?: Record<string, unknown>) => write('debug', msg, fields),
  info: (msg: string, fields?: Record<string, unknown>) => write('info', msg, fields),
  warn: (msg: string, fields?: Record<string, unknown>) => write('warn', msg, fields),
  error: (msg: string, fields?: Record<string, unknown>) => write('error', msg, fields),
};
