import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseEnv } from 'node:util';
import { z } from 'zod';

/** Every setting the API reads, validated once at boot. `.env.example` documents each one. */
const schema = z.object({
  NODE_ENV: z.enum(['production', 'development', 'test']).default('production'),
  PORT: z.coerce.number().int().min(0).max(65535).default(4000),
  DATA_DIR: z.string().min(1).default('.data'),
  DATABASE_URL: z.string().url().optional(),
  /** Unset: 54329, or any free port when that is taken (a second instance on the same machine). */
  EMBEDDED_PG_PORT: z.coerce.number().int().min(1024).max(65535).optional(),
  SEED_DEMO: z.enum(['0', '1']).optional(),
  JWT_SECRET: z.string().min(32, 'JWT_SECRET must be at least 32 characters').optional(),
  PUBLIC_URL: z.string().url().optional(),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('Aerial Studio <no-reply@studio.local>'),
  /** Mailings to members go out at most this many messages a minute (the mail provider's sending limit). */
  MAILING_RATE_PER_MINUTE: z.coerce.number().int().min(1).max(100_000).default(600),
  STUDIO_TIME_ZONE: z.string().default('America/Los_Angeles'),
  /** Printed on documents the studio issues (signed waiver copies). */
  STUDIO_NAME: z.string().trim().min(1).max(100).default('Aerial Studio'),
  TRUST_PROXY: z.string().default('loopback'),
  /**
   * Behind a load balancer: how long a replica told to stop answers new requests 503 "restarting" (unprocessed, so
   * the proxy passes them to another replica and takes this one out) before it closes. 0: close at once.
   */
  SHUTDOWN_DRAIN_MS: z.coerce.number().int().min(0).max(10_000).default(0),
  WEB_DIST: z.string().optional(),
  LOG_LEVEL: z.enum(['debug', 'info', 'warn', 'error', 'silent']).default('info'),
  ENV_FILE: z.string().optional(),
  /** New accounts one IP address may create per hour (the front desk's network may need more). */
  REGISTRATIONS_PER_IP_PER_HOUR: z.coerce.number().int().min(1).max(100_000).default(20),
  /** An API key's cost bucket: the points it holds when full (each request costs its complexity, graphql/cost.ts). */
  API_KEY_BUCKET_POINTS: z.coerce.number().int().min(1).max(1_000_000).default(1000),
  /** Points an API key's bucket regains per second. */
  API_KEY_RESTORE_RATE: z.coerce.number().min(0.001).max(100_000).default(50),
  /**
   * Unsent bytes a live (WebSocket) client may fall behind by before it is disconnected with 4413; its app then
   * reconnects and reads the current state again, so a stalled phone never holds back or bloats the server.
   */
  WS_MAX_BUFFERED_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .max(64 * 1024 * 1024)
    .default(1024 * 1024),
  /**
   * How long a request waits for a database connection, and one SQL statement may run, before the request is
   * answered 503 "database unavailable" (with Retry-After) instead of hanging while the database is stalled. The
   * connection wait is the longer one: a burst of members booking one class queues for the pool while their updates
   * of its row take turns, which is load, not an outage.
   */
  DB_ACQUIRE_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(10_000),
  DB_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(100).max(3_600_000).default(5000),
  /**
   * Live-connection limits, per API instance: subscriptions one WebSocket may hold, WebSockets one signed-in user
   * and one client address may hold open, and subscriptions one user (anonymously: one address) may start a minute.
   */
  WS_MAX_SUBSCRIPTIONS_PER_SOCKET: z.coerce.number().int().min(1).max(10_000).default(30),
  WS_MAX_SOCKETS_PER_USER: z.coerce.number().int().min(1).max(10_000).default(10),
  WS_MAX_SOCKETS_PER_ADDRESS: z.coerce.number().int().min(1).max(100_000).default(100),
  WS_SUBSCRIBES_PER_MINUTE: z.coerce.number().int().min(1).max(100_000).default(300),
  /**
   * 1: outgoing webhooks may go to private, loopback, link-local and other non-public addresses (tests, a receiver on
   * the studio's own network). 0 (the default): such addresses are refused, after DNS resolution too.
   */
  WEBHOOKS_ALLOW_PRIVATE_NETWORKS: z.enum(['0', '1']).default('0'),
  /** How long one webhook request may take, connecting to the last byte read (15 s). */
  WEBHOOKS_TIMEOUT_MS: z.coerce.number().int().min(100).max(15_000).default(15_000),
  /** Both set: payments go through Stripe Checkout (sk_test_… for Stripe's test mode, sk_live_… for real money). */
  STRIPE_SECRET_KEY: z.string().startsWith('sk_', 'STRIPE_SECRET_KEY must start with sk_').optional(),
  STRIPE_WEBHOOK_SECRET: z.string().startsWith('whsec_', 'STRIPE_WEBHOOK_SECRET must start with whsec_').optional(),
  /** Where the stripe SDK sends its API calls (a local stand-in for Stripe in tests); Stripe's own API when unset. */
  STRIPE_API_URL: z.string().url().optional(),
  /**
   * 1: the built-in test payment provider on any install; 0: off everywhere. Unset, it is on only for a laptop demo:
   * the embedded database and PUBLIC_URL unset or a loopback address (see providerMode).
   */
  PAYMENTS_TEST_PROVIDER: z.enum(['0', '1']).optional(),
  /** Signs the short-lived playback addresses of videos (HMAC); unset: derived from the session secret. */
  VIDEO_URL_SECRET: z.string().min(32, 'VIDEO_URL_SECRET must be at least 32 characters').optional(),
  /** Minutes a video's signed playback address works (the player asks for a new one before). */
  VIDEO_URL_TTL_MINUTES: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 60)
    .default(30),
  /** The largest video file an admin may upload, in bytes (2 GB). */
  VIDEO_MAX_UPLOAD_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .default(2 * 1024 * 1024 * 1024),
  /**
   * 1 (default): where ffmpeg is installed, uploaded videos are made fast start or converted to H.264/AAC MP4 by a job,
   * and get a poster from a frame; 0: files are kept as uploaded (the admin's page says which may not play everywhere).
   */
  VIDEO_TRANSCODE: z.enum(['0', '1']).default('1'),
  /** Uploaded files (product images) go to this S3-compatible bucket when set; else to DATA_DIR/uploads. */
  S3_BUCKET: z.string().min(3).max(63).optional(),
  /** The service's address, e.g. https://s3.eu-west-1.amazonaws.com or http://minio:9000 (requests are path-style). */
  S3_ENDPOINT: z.string().url().optional(),
  S3_REGION: z.string().min(1).default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  /** Put before every key (e.g. "studio/") when the bucket is shared. */
  S3_PREFIX: z
    .string()
    .regex(/^([\w.-]+\/)*$/, 'S3_PREFIX must be empty or end with a slash, e.g. studio/')
    .optional(),
});

export type Env = z.infer<typeof schema> & {
  isDev: boolean;
  isProd: boolean;
  /** HMAC secret for session tokens: from JWT_SECRET, else generated once and kept in DATA_DIR. */
  jwtSecret: string;
  publicUrl: string;
  dataDir: string;
};

/**
 * Reads `.env` (or the file ENV_FILE names; ENV_FILE= turns it off) into process.env. Variables already set in the
 * environment win over the file. Answers the file read, if any.
 */
export function loadDotEnv(file = process.env.ENV_FILE ?? '.env'): string | null {
  if (!file || !existsSync(file)) return null;
  for (const [key, value] of Object.entries(parseEnv(readFileSync(file, 'utf8')))) process.env[key] ??= value;
  return path.resolve(file);
}

export function loadEnv(source: NodeJS.ProcessEnv = process.env): Env {
  // `KEY=` (as in a copied .env.example) means "use the default", not an empty value.
  const given = Object.fromEntries(Object.entries(source).filter(([, value]) => value !== ''));
  const parsed = schema.safeParse(given);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  - ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid settings:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const s3Missing = (['S3_ENDPOINT', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const).filter((key) => !e[key]);
  if (e.S3_BUCKET && s3Missing.length)
    throw new Error(`Invalid settings:\n${s3Missing.map((key) => `  - ${key}: required with S3_BUCKET`).join('\n')}`);
  if (!isValidTimeZone(e.STUDIO_TIME_ZONE)) throw new Error(`Invalid settings:\n  - STUDIO_TIME_ZONE: unknown time zone`);
  const dataDir = path.resolve(e.DATA_DIR);
  return {
    ...e,
    isDev: e.NODE_ENV === 'development',
    isProd: e.NODE_ENV === 'production',
    dataDir,
    jwtSecret: e.JWT_SECRET ?? readOrCreateSecret(dataDir),
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
  };
}

function isValidTimeZone(tz: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: tz });
    return true;
  } catch {
    return false;
  }
}

function readOrCreateSecret(dataDir: string): string {
  const file = path.join(dataDir, 'jwt-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}
