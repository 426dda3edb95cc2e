import { AwsV4Signer } from 'aws4fetch';
import { createHash } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local stand-in for an S3-compatible service at the network boundary (no S3 server installs from the registries
 * here): path-style PUT, HEAD, GET (with one `Range` and `If-Match`, as S3 answers them) and DELETE of objects in one
 * bucket, kept in memory with an MD5 ETag and the time they were put. Each request's AWS Signature V4 is
 * checked by signing what arrived again (the headers it names as signed, its path, the body's hash) with the
 * stand-in's own copy of the secret; a request signed with another secret, or changed on the way, is refused 403.
 */
export interface S3StandIn {
  endpoint: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  objects: Map<string, StoredObject>;
  requests: string[];
  close(): Promise<void>;
}

interface StoredObject {
  body: Buffer;
  contentType: string;
  etag: string;
  modified: Date;
}

export async function startS3StandIn(): Promise<S3StandIn> {
  const bucket = 'studio-test';
  const accessKeyId = 'AKIDSTANDIN';
  const secretAccessKey = 'standin-secret-key';
  const objects = new Map<string, StoredObject>();
  const requests: string[] = [];

  const server = http.createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks);
    requests.push(`${req.method} ${req.url}`);
    if (!(await signatureHolds(req, body, `http://${req.headers.host}`, accessKeyId, secretAccessKey))) {
      res.writeHead(403, { 'content-type': 'application/xml' }).end('<Error><Code>SignatureDoesNotMatch</Code></Error>');
      return;
    }
    const url = new URL(req.url ?? '/', 'http://standin');
    const [, bucketName, ...rest] = url.pathname.split('/');
    const key = rest.map(decodeURIComponent).join('/');
    if (bucketName !== bucket || !key) return void res.writeHead(404).end('<Error><Code>NoSuchBucket</Code></Error>');
    if (req.method === 'PUT') {
      const etag = `"${createHash('md5').update(body).digest('hex')}"`;
      // S3 keeps Last-Modified to the second.
      const modified = new Date(Math.floor(Date.now() / 1000) * 1000);
      objects.set(key, { body, contentType: String(req.headers['content-type'] ?? 'application/octet-stream'), etag, modified });
      return void res.writeHead(200, { etag }).end();
    }
    if (req.method === 'GET' || req.method === 'HEAD') {
      const object = objects.get(key);
      if (!object) return void res.writeHead(404, { 'content-type': 'application/xml' }).end('<Error><Code>NoSuchKey</Code></Error>');
      const headers = { 'content-type': object.contentType, etag: object.etag, 'last-modified': object.modified.toUTCString() };
      if (req.headers['if-match'] && req.headers['if-match'] !== object.etag)
        return void res.writeHead(412, { 'content-type': 'application/xml' }).end('<Error><Code>PreconditionFailed</Code></Error>');
      const range = /^bytes=(\d+)-(\d+)$/.exec(String(req.headers.range ?? ''));
      const [start, end] = range ? [Number(range[1]), Math.min(Number(range[2]), object.body.length - 1)] : [0, object.body.length - 1];
      const part = object.body.subarray(start, end + 1);
      res.writeHead(range ? 206 : 200, {
        ...headers,
        'content-length': part.length,
        ...(range ? { 'content-range': `bytes ${start}-${end}/${object.body.length}` } : {}),
      });
      return void res.end(req.method === 'HEAD' ? undefined : part);
    }
    if (req.method === 'DELETE') {
      objects.delete(key);
      return void res.writeHead(204).end();
    }
    res.writeHead(405).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    endpoint: `http://127.0.0.1:${port}`,
    bucket,
    accessKeyId,
    secretAccessKey,
    objects,
    requests,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

async function signatureHolds(req: http.IncomingMessage, body: Buffer, origin: string, accessKeyId: string, secret: string) {
  const auth =
    /^AWS4-HMAC-SHA256 Credential=([^/]+)\/\d{8}\/([^/]+)\/s3\/aws4_request, ?SignedHeaders=([^,]+), ?Signature=([0-9a-f]{64})$/.exec(
      String(req.headers.authorization ?? ''),
    );
  if (!auth || auth[1] !== accessKeyId) return false;
  const declaredHash = String(req.headers['x-amz-content-sha256'] ?? '');
  if (declaredHash !== 'UNSIGNED-PAYLOAD' && declaredHash !== createHash('sha256').update(body).digest('hex')) return false;
  const headers = Object.fromEntries(auth[3].split(';').map((name) => [name, String(req.headers[name] ?? '')]));
  const again = await new AwsV4Signer({
    method: req.method,
    url: `${origin}${req.url}`,
    headers,
    accessKeyId,
    secretAccessKey: secret,
    region: auth[2],
    service: 's3',
    datetime: String(req.headers['x-amz-date']),
    allHeaders: true,
  }).sign();
  return again.headers.get('authorization') === req.headers.authorization;
}
