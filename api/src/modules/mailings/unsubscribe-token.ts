import { createHmac, timingSafeEqual } from 'node:crypto';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

const signatureOf = (secret: string, userId: string) =>
  createHmac('sha256', secret).update(`unsubscribe:${userId}`).digest('base64url').slice(0, 27);

/**
 * The token of a person's unsubscribe link: their id and an HMAC of it. It never expires (an old email's link must
 * still work) and only unsubscribes, so a leaked one can do no more than that.
 */
export function unsubscribeToken(secret: string, userId: string): string {
  return `${userId}.${signatureOf(secret, userId)}`;
}

/** The person a token names, or null for a malformed or forged one. */
export function userOfUnsubscribeToken(secret: string, token: string): string | null {
  const [userId, signature, ...rest] = token.split('.');
  if (rest.length || !userId || !signature || !UUID.test(userId)) return null;
  const expected = Buffer.from(signatureOf(secret, userId));
  const given = Buffer.from(signature);
  return expected.length === given.length && timingSafeEqual(expected, given) ? userId : null;
}
