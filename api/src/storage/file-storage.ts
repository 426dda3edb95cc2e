import type { Readable } from 'node:stream';

/** A byte range of a file, both ends included (as HTTP's Range counts them). */
export interface ByteRange {
  start: number;
  end: number;
}

/** A stored file opened for reading: what it is, and its bytes as a stream on demand. */
export interface OpenedFile {
  size: number;
  contentType: string;
  /** Changes whenever the file's bytes do (quoted, as the ETag header carries it). */
  etag: string;
  lastModified: Date;
  /** The bytes (all, or one range), streamed: never read into memory whole. */
  read(range?: ByteRange): Promise<Readable>;
  /** Lets go of the file when its bytes are not read after all (a 304, a HEAD, a 416). */
  close(): Promise<void>;
}

/**
 * Where uploaded files live: a folder under DATA_DIR on one machine, an S3-compatible bucket when several API
 * instances share the files. Keys are slash-separated paths made by the app (`products/<id>/thumb.webp`), never
 * by a user. A core service: every module gets it (`storage`), and http routes serve its files with storage/serve.ts.
 */
export interface FileStorage {
  /** 'local' or 's3' (Admin pages and logs say which). */
  readonly kind: 'local' | 's3';
  put(key: string, content: Buffer, contentType: string): Promise<void>;
  /**
   * Stores a file from a path on this machine (a finished upload), streamed, never read into memory whole; the file
   * at `source` is gone afterwards (moved, or copied and removed).
   */
  putFile(key: string, source: string, contentType: string): Promise<void>;
  /** null when there is no such file. */
  open(key: string): Promise<OpenedFile | null>;
  /** Removing a file that is not there is not an error. */
  delete(key: string): Promise<void>;
}

/** Keys are made by the app; this refuses anything that could leave the storage's root. */
export function assertSafeKey(key: string): void {
  if (!/^[a-z0-9][a-z0-9/_.-]*$/i.test(key) || key.split('/').some((part) => part === '' || part === '.' || part === '..'))
    throw new Error(`Unsafe storage key: ${key}`);
}

/** A whole file's bytes, for the few readers that need them at once (a migration, a test). */
export async function readWhole(file: OpenedFile): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of await file.read()) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}
