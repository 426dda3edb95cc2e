import { copyFile, mkdir, open, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { assertSafeKey, type FileStorage, type OpenedFile } from './file-storage.js';

/** The content types the app stores, by the extension its keys end in. */
const TYPES: Record<string, string> = {
  '.webp': 'image/webp',
  '.jpg': 'image/jpeg',
  '.png': 'image/png',
  '.mp4': 'video/mp4',
  '.mov': 'video/quicktime',
  '.webm': 'video/webm',
  '.pdf': 'application/pdf',
  '.csv': 'text/csv',
};

/** Files in a folder (DATA_DIR/uploads by default). Writes go to a temporary name first, so a reader never sees half a file. */
export class LocalFileStorage implements FileStorage {
  readonly kind = 'local' as const;

  constructor(private readonly root: string) {}

  private pathOf(key: string): string {
    assertSafeKey(key);
    return path.join(this.root, ...key.split('/'));
  }

  async put(key: string, content: Buffer): Promise<void> {
    const file = this.pathOf(key);
    await mkdir(path.dirname(file), { recursive: true });
    const temporary = `${file}.${randomBytes(6).toString('hex')}.tmp`;
    await writeFile(temporary, content);
    await rename(temporary, file);
  }

  async putFile(key: string, source: string): Promise<void> {
    const file = this.pathOf(key);
    await mkdir(path.dirname(file), { recursive: true });
    const temporary = `${file}.${randomBytes(6).toString('hex')}.tmp`;
    try {
      await rename(source, temporary);
    } catch (err) {
      // Another file system (DATA_DIR/uploads on its own disk): copy, then remove the source.
      if ((err as NodeJS.ErrnoException).code !== 'EXDEV') throw err;
      await copyFile(source, temporary);
      await rm(source, { force: true });
    }
    await rename(temporary, file);
  }

  async open(key: string): Promise<OpenedFile | null> {
    const file = this.pathOf(key);
    let handle;
    try {
      handle = await open(file, 'r');
    } catch (err) {
      const code = (err as NodeJS.ErrnoException).code;
      if (code === 'ENOENT' || code === 'EISDIR' || code === 'ENOTDIR') return null;
      throw err;
    }
    // The open handle keeps reading the file it opened, even if a new upload replaces it meanwhile.
    const stats = await handle.stat();
    if (!stats.isFile()) {
      await handle.close();
      return null;
    }
    return {
      size: stats.size,
      contentType: TYPES[path.extname(key)] ?? 'application/octet-stream',
      // Size and modification time, as `send` (Express's static files) makes its ETags.
      etag: `W/"${stats.size.toString(16)}-${stats.mtime.getTime().toString(16)}"`,
      lastModified: stats.mtime,
      read: async (range) => handle.createReadStream({ start: range?.start, end: range?.end, autoClose: true }),
      close: () => handle.close(),
    };
  }

  async delete(key: string): Promise<void> {
    await rm(this.pathOf(key), { force: true });
  }
}
