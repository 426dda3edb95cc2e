import 'reflect-metadata';
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Client } from 'pg';
import { startApp, type RunningApp } from '../src/boot.js';
import { loadEnv } from '../src/env.js';
import { setLogLevel } from '../src/logger.js';

export interface GqlResult<T = Record<string, any>> {
  status: number;
  data?: T | null;
  errors?: { message: string; extensions?: Record<string, any>; path?: string[] }[];
}

export interface TestApp {
  url: string;
  databaseUrl: string;
  app: RunningApp;
  /** POSTs one GraphQL operation; `token` becomes the bearer header. */
  gql<T = Record<string, any>>(
    query: string,
    variables?: Record<string, unknown>,
    opts?: { token?: string; headers?: Record<string, string> },
  ): Promise<GqlResult<T>>;
  close(): Promise<void>;
}

/** A fresh, migrated database in the run's embedded PostgreSQL. */
export async function createTestDatabase(): Promise<string> {
  const adminUrl = process.env.TEST_PG_ADMIN_URL;
  if (!adminUrl) throw new Error('TEST_PG_ADMIN_URL is not set: run the API tests through Jest (globalSetup starts PostgreSQL)');
  const name = `t_${randomBytes(6).toString('hex')}`;
  const admin = new Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  return adminUrl.replace(/\/postgres$/, `/${name}`);
}

/** Starts the real API (HTTP + WebSocket) on a random port against a database of its own. */
export async function startTestApp(overrides: Record<string, string> = {}, databaseUrl?: string): Promise<TestApp> {
  setLogLevel('silent');
  const dbUrl = databaseUrl ?? (await createTestDatabase());
  const env = loadEnv({
    NODE_ENV: 'test',
    PORT: '0',
    DATABASE_URL: dbUrl,
    DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'studio-test-data-')),
    JWT_SECRET: 'test-secret-test-secret-test-secret-test-secret',
    LOG_LEVEL: 'silent',
    TRUST_PROXY: 'loopback',
    WEB_DIST: '/nonexistent',
    // TEST_STUDIO_TZ runs the tests in another studio zone, e.g. one where it is just before midnight now.
    ...(process.env.TEST_STUDIO_TZ ? { STUDIO_TIME_ZONE: process.env.TEST_STUDIO_TZ } : {}),
    ...overrides,
  });
  const app = await startApp(env, dbUrl);
  const url = `http://127.0.0.1:${app.port}`;
  return {
    url,
    databaseUrl: dbUrl,
    app,
    async gql(query, variables, opts = {}) {
      const res = await fetch(`${url}/graphql`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          ...(opts.token ? { authorization: `Bearer ${opts.token}` } : {}),
          ...opts.headers,
        },
        body: JSON.stringify({ query, variables }),
      });
      const body = (await res.json()) as GqlResult;
      return { ...body, status: res.status } as never;
    },
    close: async () => {
      await app.stop();
    },
  };
}
