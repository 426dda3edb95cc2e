import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Short-lived signed addresses for `<video>` (which cannot send the bearer token): an HMAC over the video's id,
 * the expiry and whom it was handed to (a user's id, or `share` for the public page). The route checks the
 * signature and expiry, then looks the video and the viewer up again, so a deleted video, a revoked share or
 * withdrawn access stops the address at once.
 */
export class VideoAddresses {
  private readonly key: Buffer;

  constructor(
    secret: string,
    readonly ttlSeconds: number,
  ) {
    // Its own key, derived from the app's signing secret: a playback signature is never a valid session token.
    this.key = createHmac('sha256', secret).update('studio video playback addresses').digest();
  }

  private signature(videoId: string, exp: number, grant: string): string {
    return createHmac('sha256', this.key).update(`${videoId.toLowerCase()}\n${exp}\n${grant}`).digest('base64url');
  }

  /** The query of a signed address: `exp` (Unix seconds), `g` (user id or `share`), `sig`. */
  sign(videoId: string, grant: string, now = Date.now()): string {
    const exp = Math.floor(now / 1000) + this.ttlSeconds;
    return `exp=${exp}&g=${encodeURIComponent(grant)}&sig=${this.signature(videoId, exp, grant)}`;
  }

  /** The grant a valid, unexpired address carries; null for anything else. */
  verify(videoId: string, query: { exp?: unknown; g?: unknown; sig?: unknown }, now = Date.now()): string | null {
    const { exp, g, sig } = query;
    if (typeof exp !== 'string' || typeof g !== 'string' || typeof sig !== 'string' || !/^\d{1,12}$/.test(exp)) return null;
    const expected = Buffer.from(this.signature(videoId, Number(exp), g));
    const given = Buffer.from(sig);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
    if (Number(exp) * 1000 <= now) return null;
    return g;
  }
}
