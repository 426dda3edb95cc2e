import type { Request, RequestHandler, Response } from 'express';
import helmet from 'helmet';

/**
 * Security headers for every answer. The session token lives in localStorage, so the policy allows scripts from
 * our own origin only (the built SPA has no inline script; the studio time zone travels in a meta tag). Styles
 * may be inline: styled-components writes them at run time. Images may come from https (the landing page's
 * background image is a link). The kiosk's QR scanner needs this origin's camera, nothing else does.
 */
export function securityHeaders(): RequestHandler[] {
  return [
    helmet({
      contentSecurityPolicy: {
        useDefaults: false,
        directives: {
          defaultSrc: ["'self'"],
          scriptSrc: ["'self'"],
          styleSrc: ["'self'", "'unsafe-inline'"],
          imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
          fontSrc: ["'self'", 'data:'],
          connectSrc: ["'self'"],
          mediaSrc: ["'self'", 'blob:'],
          workerSrc: ["'self'", 'blob:'],
          manifestSrc: ["'self'"],
          objectSrc: ["'none'"],
          baseUri: ["'self'"],
          formAction: ["'self'"],
          frameAncestors: ["'none'"],
        },
      },
      // No page of ours may be framed, by anyone: the same rule as frame-ancestors 'none', for browsers without CSP.
      frameguard: { action: 'deny' },
      referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
      // The SPA embeds nothing cross-origin that would need these relaxed; integrators call the API server-side.
      crossOriginEmbedderPolicy: false,
    }),
    (_req, res, next) => {
      res.setHeader('Permissions-Policy', 'camera=(self), microphone=(), geolocation=(), payment=(self), usb=(), interest-cohort=()');
      next();
    },
  ];
}

/** Answers of the API are personal (a member's bookings, an admin's tables): never kept by browsers or proxies. */
export const noStore: RequestHandler = (_req, res, next) => {
  res.setHeader('Cache-Control', 'no-store');
  next();
};

/**
 * The headers `securityHeaders()` sets, as name/value pairs (they depend on nothing in the request), for the answers
 * served ahead of Express (http/module-routes.ts).
 */
export function securityHeaderValues(): [string, string][] {
  const set = new Map<string, string>();
  const recorder = {
    setHeader: (name: string, value: string | number | readonly string[]) => {
      set.set(name, Array.isArray(value) ? value.join(', ') : String(value));
      return recorder;
    },
    removeHeader: (name: string) => void set.delete(name),
    getHeader: (name: string) => set.get(name),
  };
  for (const handler of securityHeaders()) {
    let called = false;
    void handler({ headers: {} } as Request, recorder as unknown as Response, () => (called = true));
    if (!called) throw new Error('a security header middleware did not call next() at once');
  }
  return [...set];
}
