import type { Env } from '../env.js';
import type { FileStorage } from './file-storage.js';
import { LocalFileStorage } from './local-storage.js';
import { S3FileStorage } from './s3-storage.js';

export type { FileStorage, StoredFile } from './file-storage.js';

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
