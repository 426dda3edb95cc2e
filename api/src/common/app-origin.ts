import type { Request } from 'express';

/**
 * The origin a browser reached this app at (`https://studio.example`, `http://192.168.1.20:4000`), when the request
 * says so itself: its Origin header names the very scheme and host the request came to (a same-origin call from
 * the app's own pages; behind a proxy, with TRUST_PROXY, the forwarded ones). Null otherwise (no Origin header, a
 * cross-origin caller), and the configured PUBLIC_URL is used. Checkout returns there, so a member paying on a LAN
 * address or a second domain comes back signed in to the page they left.
 */
export function appOriginOf(req: Pick<Request, 'protocol' | 'host' | 'headers'>): string | null {
  const origin = req.headers.origin;
  if (typeof origin !== 'string' || !req.host) return null;
  const own = `${req.protocol}://${req.host}`;
  try {
    return new URL(origin).origin === new URL(own).origin ? new URL(own).origin : null;
  } catch {
    return null;
  }
}
