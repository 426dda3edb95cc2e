import { randomBytes, randomUUID } from 'node:crypto';
import { startTestApp, type TestApp } from '../../test/app.js';
import { fetchRead } from '../../test/fetch.js';
import { startS3StandIn, type S3StandIn } from '../../test/s3-standin.js';

// Files are served from the core storage through a module's route (product pictures here) with what browsers and
// video players rely on: ETag and Last-Modified with conditional GET, one byte range, nosniff; in a local folder and
// in an S3-compatible bucket alike.

function suite(name: string, storage: () => Promise<{ env: Record<string, string>; close?: () => Promise<void> }>) {
  describe(name, () => {
    let t: TestApp;
    let close: (() => Promise<void>) | undefined;
    const content = randomBytes(100_000);
    let path: string;
    beforeAll(async () => {
      const s = await storage();
      close = s.close;
      t = await startTestApp(s.env);
      const id = randomUUID();
      await t.app.services.storage.put(`products/${id}/full.webp`, content, 'image/webp');
      path = `/api/product-images/${id}/full.webp`;
    });
    afterAll(async () => {
      await t.close();
      await close?.();
    });
    const get = (headers: Record<string, string> = {}, method = 'GET') => fetchRead(`${t.url}${path}`, { method, headers });

    it('serves the whole file with its validators and nosniff', async () => {
      const res = await get();
      expect(res.status).toBe(200);
      expect(Buffer.from(await res.arrayBuffer()).equals(content)).toBe(true);
      expect(res.headers.get('content-length')).toBe(String(content.length));
      expect(res.headers.get('content-type')).toBe('image/webp');
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('accept-ranges')).toBe('bytes');
      expect(res.headers.get('etag')).toMatch(/^(W\/)?".+"$/);
      expect(new Date(res.headers.get('last-modified')!).getTime()).toBeGreaterThan(Date.now() - 120_000);
      const head = await get({}, 'HEAD');
      expect([head.status, head.headers.get('content-length'), await head.text()]).toEqual([200, String(content.length), '']);
    });

    it('answers 304 to a matching If-None-Match or an If-Modified-Since not before the file, 200 otherwise', async () => {
      const first = await get();
      const etag = first.headers.get('etag')!;
      const lastModified = first.headers.get('last-modified')!;
      // (fetch asks with no-cache when it sees a condition, as a reload would: a browser revalidating says max-age=0.)
      const revalidated = await get({ 'if-none-match': etag, 'cache-control': 'max-age=0' });
      expect([revalidated.status, await revalidated.text()]).toEqual([304, '']);
      expect(revalidated.headers.get('etag')).toBe(etag);
      expect((await get({ 'if-modified-since': lastModified, 'cache-control': 'max-age=0' })).status).toBe(304);
      expect((await get({ 'if-none-match': '"something-else"', 'cache-control': 'max-age=0' })).status).toBe(200);
    });

    it('answers one range with 206 and its Content-Range, an open-ended or suffix range too', async () => {
      const part = await get({ range: 'bytes=100-199' });
      expect(part.status).toBe(206);
      expect(part.headers.get('content-range')).toBe(`bytes 100-199/${content.length}`);
      expect(part.headers.get('content-length')).toBe('100');
      expect(Buffer.from(await part.arrayBuffer()).equals(content.subarray(100, 200))).toBe(true);
      const tail = await get({ range: 'bytes=-10' });
      expect([tail.status, tail.headers.get('content-range')]).toEqual([
        206,
        `bytes ${content.length - 10}-${content.length - 1}/${content.length}`,
      ]);
      expect(Buffer.from(await tail.arrayBuffer()).equals(content.subarray(content.length - 10))).toBe(true);
      const open = await get({ range: `bytes=${content.length - 5}-` });
      expect([open.status, (await open.arrayBuffer()).byteLength]).toEqual([206, 5]);
      // Past the end is cut to the end.
      const over = await get({ range: `bytes=${content.length - 3}-${content.length + 1000}` });
      expect([over.status, over.headers.get('content-range')]).toEqual([
        206,
        `bytes ${content.length - 3}-${content.length - 1}/${content.length}`,
      ]);
    });

    it('answers 416 with the size for a range that lies past the end or ends before it starts', async () => {
      for (const range of [`bytes=${content.length}-${content.length + 10}`, 'bytes=9-2']) {
        const res = await get({ range });
        expect([range, res.status]).toEqual([range, 416]);
        expect(res.headers.get('content-range')).toBe(`bytes */${content.length}`);
        expect(await res.text()).toBe('');
      }
    });

    it('sends the whole file for several ranges, a malformed Range, another unit, or a stale If-Range', async () => {
      for (const range of ['bytes=0-9,50-59', 'bytes=abc', 'items=0-1']) {
        const res = await get({ range });
        expect([range, res.status]).toEqual([range, 200]);
        expect((await res.arrayBuffer()).byteLength).toBe(content.length);
      }
      // Overlapping ranges combine into one.
      const combined = await get({ range: 'bytes=0-9,5-19' });
      expect([combined.status, combined.headers.get('content-range')]).toEqual([206, `bytes 0-19/${content.length}`]);
      const etag = (await get()).headers.get('etag')!;
      expect((await get({ range: 'bytes=0-9', 'if-range': etag })).status).toBe(206);
      const stale = await get({ range: 'bytes=0-9', 'if-range': '"an-older-version"' });
      expect([stale.status, (await stale.arrayBuffer()).byteLength]).toEqual([200, content.length]);
    });

    it('answers 404 for a file that is not there', async () => {
      expect((await fetchRead(`${t.url}/api/product-images/${randomUUID()}/full.webp`)).status).toBe(404);
    });
  });
}

suite('stored files served from the local folder', async () => ({ env: {} }));

let s3: S3StandIn;
suite('stored files streamed from an S3-compatible bucket', async () => {
  s3 = await startS3StandIn();
  return {
    env: {
      S3_BUCKET: s3.bucket,
      S3_ENDPOINT: s3.endpoint,
      S3_ACCESS_KEY_ID: s3.accessKeyId,
      S3_SECRET_ACCESS_KEY: s3.secretAccessKey,
      S3_PREFIX: 'studio/',
    },
    close: () => s3.close(),
  };
});
