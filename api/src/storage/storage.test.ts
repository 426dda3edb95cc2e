import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startS3StandIn, type S3StandIn } from '../../test/s3-standin.js';
import { LocalFileStorage } from './local-storage.js';
import { S3FileStorage } from './s3-storage.js';
import { readWhole, type FileStorage } from './file-storage.js';

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
    const file = (await storage.open('products/abc/thumb.webp'))!;
    expect(file).toMatchObject({ size: content.length, contentType: 'image/webp', etag: expect.stringMatching(/^(W\/)?".+"$/) });
    expect(file.lastModified.getTime()).toBeGreaterThan(Date.now() - 60_000);
    expect(await readWhole(file)).toEqual(content);
    expect(await storage.open('products/abc/full.webp')).toBeNull();
    await storage.delete('products/abc/thumb.webp');
    await storage.delete('products/abc/thumb.webp');
    expect(await storage.open('products/abc/thumb.webp')).toBeNull();
  });

  it('streams one range of a file, and a new version has a new ETag', async () => {
    const storage = make();
    await storage.put('videos/v/clip.mp4', Buffer.from('0123456789'), 'video/mp4');
    const file = (await storage.open('videos/v/clip.mp4'))!;
    const chunks: Buffer[] = [];
    for await (const chunk of await file.read({ start: 2, end: 5 })) chunks.push(chunk as Buffer);
    expect(Buffer.concat(chunks).toString()).toBe('2345');
    await new Promise((resolve) => setTimeout(resolve, 1100)); // S3 dates to the second
    await storage.put('videos/v/clip.mp4', Buffer.from('abcdefghijk'), 'video/mp4');
    const replaced = (await storage.open('videos/v/clip.mp4'))!;
    expect([replaced.etag, replaced.size]).not.toEqual([file.etag, 10]);
    await replaced.close();
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
