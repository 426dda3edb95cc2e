// A webhook receiver for the studio's outgoing webhooks (Standard Webhooks), verifying every delivery with the
// standardwebhooks library. Run it on its own with the endpoint's secret (shown once when the endpoint is made or
// rotated):
//
//   npm install standardwebhooks
//   WEBHOOK_SECRET=whsec_… PORT=8787 node webhook-receiver.mjs
//
// or start it from your own code with startWebhookReceiver (src/integration.ts does). Register
// http(s)://<this host>:8787/webhooks on /admin/webhooks. During a secret rotation give both secrets,
// space-separated: a delivery signed by either is accepted. It answers 204 to a verified delivery (the studio stops
// retrying), 400 to one that does not verify, and handles each webhook-id once (the studio sends a delivery again
// when it did not see an answer, so the same id can arrive twice). Run on its own, it prints each verified event as
// a JSON line.
import { Buffer } from 'node:buffer';
import http from 'node:http';
import { pathToFileURL } from 'node:url';
import { Webhook } from 'standardwebhooks';

/**
 * Starts a receiver at http://host:port/webhooks that calls onEvent(id, event) once per verified webhook-id.
 * @param {{ secrets: string[], port?: number, host?: string, onEvent: (id: string, event: { type: string, timestamp: string, data: unknown }) => void }} options
 * @returns {Promise<{ url: string, close: () => Promise<void> }>}
 */
export function startWebhookReceiver({ secrets, port = 8787, host = '127.0.0.1', onEvent }) {
  if (!secrets.length) throw new Error('A webhook receiver needs the endpoint’s secret (whsec_…).');
  const verifiers = secrets.map((secret) => new Webhook(secret));
  /** webhook-ids handled already (a real receiver keeps them in its database for a few days). */
  const seen = new Set();

  /** The event if any secret verifies the body and headers (signature and a timestamp within 5 minutes), else null. */
  const verify = (body, headers) => {
    for (const verifier of verifiers) {
      try {
        return verifier.verify(body, headers);
      } catch {
        // try the next secret
      }
    }
    return null;
  };

  const server = http.createServer((req, res) => {
    if (req.method !== 'POST' || req.url !== '/webhooks') return void res.writeHead(404).end();
    const chunks = [];
    let size = 0;
    req.on('data', (chunk) => {
      size += chunk.length;
      if (size > 64 * 1024)
        req.destroy(); // the studio's bodies stay under 20 KB
      else chunks.push(chunk);
    });
    req.on('end', () => {
      // Verify the raw bytes as received: a parsed and re-serialised body would not match its signature.
      const body = Buffer.concat(chunks).toString('utf8');
      const event = verify(body, req.headers);
      if (!event) return void res.writeHead(400, { 'content-type': 'text/plain' }).end('signature not verified');
      const id = req.headers['webhook-id'];
      if (!seen.has(id)) {
        seen.add(id);
        onEvent(id, event);
      }
      res.writeHead(204).end();
    });
  });

  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () =>
      resolve({
        url: `http://${host}:${server.address().port}/webhooks`,
        close: () => new Promise((done) => server.close(() => done())),
      }),
    );
  });
}

// Run on its own: print each verified event as a JSON line.
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const secrets = (process.env.WEBHOOK_SECRET ?? '').split(/\s+/).filter(Boolean);
  if (!secrets.length) {
    console.error('Set WEBHOOK_SECRET to the endpoint’s secret (whsec_…).');
    process.exit(1);
  }
  const receiver = await startWebhookReceiver({
    secrets,
    port: Number(process.env.PORT ?? 8787),
    host: process.env.HOST ?? '127.0.0.1',
    onEvent: (id, event) => console.log(JSON.stringify({ id, type: event.type, timestamp: event.timestamp, data: event.data })),
  });
  console.error(`webhook receiver listening on ${receiver.url}`);
  process.on('SIGTERM', () => receiver.close().then(() => process.exit(0)));
}
