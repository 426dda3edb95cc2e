/** A stored file as read back. */
export interface StoredFile {
  content: Buffer;
  contentType: string;
}

/**
 * Where uploaded files live: a folder under DATA_DIR on one machine, an S3-compatible bucket when several
 * API instances share the files. Keys are slash-separated paths made by the app (`products/<id>/thumb.webp`), never
 * by a user.
 */
export interface FileStorage {
  /** 'local' or 's3' (Admin pages and logs say which). */
  readonly kind: 'local' | 's3';
  put(key: string, content: Buffer, contentType: string): Promise<void>;
  /** null when there is no such file. */
  get(key: string): Promise<StoredFile | null>;
  /** Removing a file that is not there is not an error. */
  delete(key: string): Promise<void>;
}

/** Keys are made by the app; this refuses anything that could leave the storage's root. */
export function assertSafeKey(key: string): void {
  if (!/^[a-z0-9][a-z0-9/_.-]*$/i.test(key) || key.split('/').some((part) => part === '' || part === '.' || part === '..'))
    throw new Error(`Unsafe storage key: ${key}`);
}
