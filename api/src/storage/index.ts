import type { Configuration } from '@mikro-orm/core';
import type { Env } from '../env.js';
import type { FileStorage } from './file-storage.js';
import { LocalFileStorage } from './local-storage.js';
import { S3FileStorage } from './s3-storage.js';

export type { ByteRange, FileStorage, OpenedFile } from './file-storage.js';
export { readWhole } from './file-storage.js';
export { serveStoredFile } from './serve.js';

/** The storage the settings name: S3 when S3_BUCKET is set, else the folder DATA_DIR/uploads. */
export function fileStorageFrom(env: Env): FileStorage {
  if (env.S3_BUCKET)
    return new S3FileStorage({
      endpoint: env.S3_ENDPOINT!,
      bucket: env.S3_BUCKET,
      region: env.S3_REGION,
      accessKeyId: env.S3_ACCESS_KEY_ID!,
      secretAccessKey: env.S3_SECRET_ACCESS_KEY!,
      prefix: env.S3_PREFIX ?? '',
    });
  return new LocalFileStorage(`${env.dataDir}/uploads`);
}

const MIGRATION_EXTENSION = 'studio.fileStorage';

/** Hands the process's storage to the migrations that move files (the ORM's config carries it to them). */
export function giveStorageToMigrations(config: Configuration, storage: FileStorage): void {
  config.registerExtension(MIGRATION_EXTENSION, () => storage);
}

/** The storage a migration moves files to (see giveStorageToMigrations). */
export function storageOfMigrations(config: Configuration): FileStorage {
  const storage = config.getExtension<FileStorage>(MIGRATION_EXTENSION);
  if (!storage) throw new Error('This migration moves files: run it from the API (boot.ts), which gives it the file storage.');
  return storage;
}
