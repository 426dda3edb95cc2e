import { AwsClient } from 'aws4fetch';
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { rm, stat } from 'node:fs/promises';
import { Readable } from 'node:stream';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { assertSafeKey, type FileStorage, type OpenedFile } from './file-storage.js';

export interface S3Settings {
  /** e.g. https://s3.eu-west-1.amazonaws.com, https://<account>.r2.cloudflarestorage.com, http://minio:9000 */
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** Put before every key, e.g. "studio/" to share a bucket. */
  prefix: string;
}

/**
 * An S3-compatible bucket (AWS S3, Cloudflare R2, MinIO, …) through plain HTTP requests signed with AWS Signature V4
 * by aws4fetch. Objects are addressed path-style (endpoint/bucket/key), which every S3-compatible service accepts.
 * The bucket stays private: the API streams files from it and serves them itself (a HEAD for what a file is, then a
 * GET of the bytes or the range asked for, conditional on the same ETag so a file replaced meanwhile is not mixed).
 */
export class S3FileStorage implements FileStorage {
  readonly kind = 's3' as const;
  private readonly client: AwsClient;
  private readonly base: string;

  constructor(private readonly settings: S3Settings) {
    this.client = new AwsClient({
      accessKeyId: settings.accessKeyId,
      secretAccessKey: settings.secretAccessKey,
      region: settings.region,
      service: 's3',
      retries: 2,
    });
    this.base = `${settings.endpoint.replace(/\/$/, '')}/${encodeURIComponent(settings.bucket)}`;
  }

  private urlOf(key: string): string {
    assertSafeKey(key);
    return `${this.base}/${`${this.settings.prefix}${key}`.split('/').map(encodeURIComponent).join('/')}`;
  }

  async put(key: string, content: Buffer, contentType: string): Promise<void> {
    const res = await this.client.fetch(this.urlOf(key), {
      method: 'PUT',
      body: new Uint8Array(content),
      // The body's hash is signed too, so the service refuses a body changed on the way.
      headers: { 'content-type': contentType, 'x-amz-content-sha256': createHash('sha256').update(content).digest('hex') },
    });
    if (!res.ok) throw new Error(`S3 PUT ${key} answered ${res.status}: ${(await res.text()).slice(0, 300)}`);
  }

  /**
   * One streamed PUT with an unsigned payload (S3 takes up to 5 GB so; the upload limit is below that). Multipart
   * would let a failed transfer resume part by part; the finished upload is on local disk, so a retry starts over.
   */
  async putFile(key: string, source: string, contentType: string): Promise<void> {
    const { size } = await stat(source);
    const res = await this.client.fetch(this.urlOf(key), {
      method: 'PUT',
      body: Readable.toWeb(createReadStream(source)) as unknown as BodyInit,
      headers: { 'content-type': contentType, 'content-length': String(size), 'x-amz-content-sha256': 'UNSIGNED-PAYLOAD' },
      duplex: 'half',
    } as RequestInit);
    if (!res.ok) throw new Error(`S3 PUT ${key} answered ${res.status}: ${(await res.text()).slice(0, 300)}`);
    await rm(source, { force: true });
  }

  async open(key: string): Promise<OpenedFile | null> {
    const url = this.urlOf(key);
    const head = await this.client.fetch(url, { method: 'HEAD' });
    if (head.status === 404) return null;
    if (!head.ok) throw new Error(`S3 HEAD ${key} answered ${head.status}`);
    const etag = head.headers.get('etag') ?? '""';
    const lastModified = head.headers.get('last-modified');
    return {
      size: Number(head.headers.get('content-length') ?? 0),
      contentType: head.headers.get('content-type') ?? 'application/octet-stream',
      etag,
      lastModified: lastModified ? new Date(lastModified) : new Date(0),
      read: async (range) => {
        const res = await this.client.fetch(url, {
          headers: { 'if-match': etag, ...(range ? { range: `bytes=${range.start}-${range.end}` } : {}) },
        });
        if (!res.ok || !res.body) throw new Error(`S3 GET ${key} answered ${res.status}`);
        return Readable.fromWeb(res.body as WebReadableStream);
      },
      close: async () => undefined,
    };
  }

  async delete(key: string): Promise<void> {
    const res = await this.client.fetch(this.urlOf(key), { method: 'DELETE' });
    // S3 answers 204 whether or not the object was there.
    if (!res.ok && res.status !== 404) throw new Error(`S3 DELETE ${key} answered ${res.status}`);
  }
}
