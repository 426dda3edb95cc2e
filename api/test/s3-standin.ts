import { AwsV4Signer } from 'aws4fetch';
import { createHash } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local stand-in for an S3-compatible service at the network boundary (no S3 server installs from the registries
 * here): path-style PUT, GET and DELETE of objects in one bucket, kept in memory. Each request's AWS Signature V4 is
 * checked by signing what arrived again (the headers it names as signed, its path, the body's hash) with the
 * stand-in's own copy of the secret; a request signed with another secret, or changed on the way, is refused 403.
 */
export interface S3StandIn {
  endpoint: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  objects: Map<string, { body: Buffer; contentType: string }>;
  requests: string[];
  close(): Promise<void>;
}

export async function startS3StandIn(): Promise<S3StandIn> {
  const bucket = 'studio-test';
  const accessKeyId = 'AKIDSTANDIN';
  const secretAccessKey = 'standin-secret-key';
  const objects = new Map<string, { body: Buffer; contentType: string }>();
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
      objects.set(key, { body, contentType: String(req.headers['content-type'] ?? 'application/octet-stream') });
      return void res.writeHead(200, { etag: '"x"' }).end();
    }
    if (req.method === 'GET') {
      const object = objects.get(key);
      if (!object) return void res.writeHead(404, { 'content-type': 'application/xml' }).end('<Error><Code>NoSuchKey</Code></Error>');
      return void res.writeHead(200, { 'content-type': object.contentType, 'content-length': object.body.length }).end(object.body);
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
