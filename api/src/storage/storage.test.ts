import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startS3StandIn, type S3StandIn } from '../../test/s3-standin.js';
import { LocalFileStorage } from './local-storage.js';
import { S3FileStorage } from './s3-storage.js';
import type { FileStorage } from './file-storage.js';

let s3: S3StandIn;
beforeAll(async () => {
  s3 = await startS3StandIn();
});
afterAll(() => s3.close());

const s3Storage = (secretAccessKey = s3.secretAccessKey) =>
  new S3FileStorage({
    endpoint: s3.endpoint,
    bucket: s3.bucket,
    region: 'us-east-1',
    accessKeyId: s3.accessKeyId,
    secretAccessKey,
    prefix: 'p/',
  });

describe.each<[string, () => FileStorage]>([
  ['a local folder', () => new LocalFileStorage(mkdtempSync(path.join(os.tmpdir(), 'studio-storage-')))],
  ['an S3-compatible bucket', () => s3Storage()],
])('file storage in %s', (_name, make) => {
  it('puts, gets and deletes files; a missing file is null, deleting it twice is fine', async () => {
    const storage = make();
    const content = Buffer.from('RIFF....WEBPVP8 not really');
    await storage.put('products/abc/thumb.webp', content, 'image/webp');
    expect(await storage.get('products/abc/thumb.webp')).toEqual({ content, contentType: 'image/webp' });
    expect(await storage.get('products/abc/full.webp')).toBeNull();
    await storage.delete('products/abc/thumb.webp');
    await storage.delete('products/abc/thumb.webp');
    expect(await storage.get('products/abc/thumb.webp')).toBeNull();
  });

  it('refuses keys that could leave its root', async () => {
    const storage = make();
    for (const key of ['../etc/passwd', 'products/../../x', '/abs', 'a//b', 'products/%2e%2e/x', ''])
      await expect(storage.put(key, Buffer.from('x'), 'text/plain')).rejects.toThrow(/Unsafe storage key/);
  });
});

it('an S3 request signed with the wrong secret is refused by the service', async () => {
  await expect(s3Storage('not-the-secret').put('products/x/full.webp', Buffer.from('x'), 'image/webp')).rejects.toThrow(/answered 403/);
  expect(s3.objects.has('p/products/x/full.webp')).toBe(false);
});
