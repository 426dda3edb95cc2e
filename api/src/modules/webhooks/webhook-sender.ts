import http from 'node:http';
import https from 'node:https';
import { Webhook } from 'standardwebhooks';
import { guardedLookup, isPublicAddress, literalAddress, PrivateAddressError, type Resolve } from './network-guard.js';

/** A delivery's body must stay under this (receivers and proxies commonly cap theirs near it). */
export const MAX_BODY_BYTES = 20 * 1024;
/** How much of an answer is kept for the delivery log. */
export const RESPONSE_EXCERPT_BYTES = 1024;
/** An answer's body is read this far (so the connection can be kept), then the connection is dropped. */
const READ_AT_MOST_BYTES = 64 * 1024;

/** One POST as the spec frames it: the message id, the body, and every secret it is to be signed with. */
export interface OutgoingWebhook {
  url: string;
  messageId: string;
  body: string;
  /** The current secret first; during a rotation's overlap the previous one too. */
  secrets: readonly string[];
}

/** What one attempt came to. */
export interface WebhookAnswer {
  /** The HTTP status; null when no answer came (refused address, timeout, connection error). */
  status: number | null;
  durationMs: number;
  /** The first KB of the answer's body. */
  response: string;
  error: string | null;
  /** The answer's Retry-After, in seconds from now. */
  retryAfterSeconds: number | null;
  /** Not sent, and trying again cannot help (the body is too large, the address is not one to send to). */
  permanent?: boolean;
}

export interface SenderOptions {
  allowPrivateNetworks: boolean;
  timeoutMs: number;
  /** Resolves host names (the system's resolver unless a test gives its own). */
  resolve?: Resolve;
}

/**
 * Sends webhooks: signs each body with the endpoint's secret(s) (standardwebhooks: `v1,<base64>` of HMAC-SHA256 over
 * `id.timestamp.body`, several space-separated), POSTs it with a timeout over kept-alive connections, and never
 * reaches a non-public address unless allowed: an address in the URL is checked before connecting, a name when it is
 * resolved (every address it resolves to, and the connection goes to the checked one). Redirects are not followed.
 */
export class WebhookSender {
  private readonly agents: { 'http:': http.Agent; 'https:': https.Agent };

  constructor(private readonly opts: SenderOptions) {
    const lookup = opts.allowPrivateNetworks ? undefined : guardedLookup(opts.resolve);
    const agentOptions = { keepAlive: true, maxSockets: 16, maxFreeSockets: 16, timeout: opts.timeoutMs, ...(lookup ? { lookup } : {}) };
    this.agents = { 'http:': new http.Agent(agentOptions), 'https:': new https.Agent(agentOptions) };
  }

  /** The headers of one attempt (signed now). */
  static headers(webhook: Pick<OutgoingWebhook, 'messageId' | 'body' | 'secrets'>, now = new Date()): Record<string, string> {
    const signatures = webhook.secrets.map((secret) => new Webhook(secret).sign(webhook.messageId, now, webhook.body));
    return {
      'content-type': 'application/json',
      'webhook-id': webhook.messageId,
      'webhook-timestamp': String(Math.floor(now.getTime() / 1000)),
      'webhook-signature': signatures.join(' '),
    };
  }

  async send(webhook: OutgoingWebhook): Promise<WebhookAnswer> {
    const started = performance.now();
    const done = (answer: Omit<WebhookAnswer, 'durationMs'>): WebhookAnswer => ({
      ...answer,
      durationMs: Math.round(performance.now() - started),
    });
    const refused = (error: string, permanent = true) => done({ status: null, response: '', error, retryAfterSeconds: null, permanent });
    const bodyBytes = Buffer.byteLength(webhook.body);
    if (bodyBytes >= MAX_BODY_BYTES) return refused(`The body is ${bodyBytes} bytes: at most ${MAX_BODY_BYTES - 1} are sent`);
    let url: URL;
    try {
      url = new URL(webhook.url);
    } catch {
      return refused('The address is not a URL');
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return refused('Only http and https addresses are sent to');
    if (url.username || url.password) return refused('Addresses with a user name or password are not sent to');
    const literal = literalAddress(url.hostname);
    if (literal && !this.opts.allowPrivateNetworks && !isPublicAddress(literal))
      return refused(new PrivateAddressError(literal, literal).message, false);
    return new Promise<WebhookAnswer>((resolve) => {
      let settled = false;
      const finish = (answer: Omit<WebhookAnswer, 'durationMs'>) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        resolve(done(answer));
      };
      const request = (url.protocol === 'https:' ? https : http).request(url, {
        method: 'POST',
        agent: this.agents[url.protocol as 'http:' | 'https:'],
        headers: { ...WebhookSender.headers(webhook), 'content-length': String(bodyBytes), 'user-agent': 'aerial-studio-webhooks/1' },
      });
      const timer = setTimeout(() => {
        request.destroy();
        finish({ status: null, response: '', error: `No answer within ${this.opts.timeoutMs / 1000} s`, retryAfterSeconds: null });
      }, this.opts.timeoutMs);
      request.on('error', (err) => finish({ status: null, response: '', error: describeError(err), retryAfterSeconds: null }));
      request.on('response', (res) => {
        const chunks: Buffer[] = [];
        let read = 0;
        const answer = (complete: boolean) => {
          const status = res.statusCode ?? 0;
          const location = res.headers.location;
          finish({
            status,
            response: excerpt(Buffer.concat(chunks)),
            error:
              status >= 300 && status < 400
                ? `Redirects are not followed${location ? ` (to ${String(location).slice(0, 200)})` : ''}`
                : null,
            retryAfterSeconds: retryAfter(res.headers['retry-after']),
          });
          if (!complete) res.destroy();
        };
        res.on('data', (chunk: Buffer) => {
          if (read < RESPONSE_EXCERPT_BYTES) chunks.push(chunk);
          read += chunk.length;
          if (read > READ_AT_MOST_BYTES) answer(false);
        });
        res.on('end', () => answer(true));
        res.on('error', () => answer(false));
      });
      request.end(webhook.body);
    });
  }

  close(): void {
    this.agents['http:'].destroy();
    this.agents['https:'].destroy();
  }
}

function describeError(err: Error): string {
  if (err instanceof PrivateAddressError) return err.message;
  const code = (err as NodeJS.ErrnoException).code;
  return code ? `${code}: ${err.message}`.slice(0, 500) : err.message.slice(0, 500);
}

/** The first KB of a body as text (a character cut in half at the end is dropped). */
function excerpt(body: Buffer): string {
  return body
    .subarray(0, RESPONSE_EXCERPT_BYTES)
    .toString('utf8')
    .replace(/\uFFFD+$/, '')
    .replace(/\0/g, '');
}

/** Retry-After as seconds from now: a number of seconds or an HTTP date; null when absent or unreadable. */
export function retryAfter(header: string | string[] | undefined): number | null {
  const value = Array.isArray(header) ? header[0] : header;
  if (!value) return null;
  if (/^\d+$/.test(value.trim())) return Number(value.trim());
  const at = Date.parse(value);
  return Number.isNaN(at) ? null : Math.max(0, Math.round((at - Date.now()) / 1000));
}
