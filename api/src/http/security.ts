import type { RequestHandler } from 'express';
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
