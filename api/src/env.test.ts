import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadDotEnv, loadEnv } from './env.js';

describe('settings', () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'studio-env-'));

  it('treats KEY= (a copied .env.example) as unset, so defaults apply', () => {
    const env = loadEnv({ DATA_DIR: dir, DATABASE_URL: '', JWT_SECRET: '', PORT: '', PUBLIC_URL: '' });
    expect(env.DATABASE_URL).toBeUndefined();
    expect(env.PORT).toBe(4000);
    expect(env.publicUrl).toBe('http://localhost:4000');
    expect(env.jwtSecret.length).toBeGreaterThanOrEqual(32);
  });

  it('lists every invalid setting at once', () => {
    expect(() => loadEnv({ DATA_DIR: dir, PORT: 'x', JWT_SECRET: 'short' })).toThrow(/PORT[\s\S]*JWT_SECRET|JWT_SECRET[\s\S]*PORT/);
  });

  it('reads .env without overriding what the shell set', () => {
    const file = path.join(dir, '.env');
    writeFileSync(file, 'STUDIO_ENV_TEST_A=from-file\nSTUDIO_ENV_TEST_B=from-file\n');
    process.env.STUDIO_ENV_TEST_A = 'from-shell';
    expect(loadDotEnv(file)).toBe(file);
    expect(process.env.STUDIO_ENV_TEST_A).toBe('from-shell');
    expect(process.env.STUDIO_ENV_TEST_B).toBe('from-file');
  });

  it('reads nothing when the file is missing or ENV_FILE is empty', () => {
    expect(loadDotEnv(path.join(dir, 'missing.env'))).toBeNull();
    expect(loadDotEnv('')).toBeNull();
  });
});
