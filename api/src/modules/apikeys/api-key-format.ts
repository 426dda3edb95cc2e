import { createHash, randomInt, timingSafeEqual } from 'node:crypto';
import { crc32 } from 'node:zlib';

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
const RANDOM_CHARS = 32; // 190 bits
const CHECKSUM_CHARS = 6; // 62^6 > 2^32
/** The visible start of every key, for people and secret scanners to recognise. */
export const KEY_PREFIX = 'studio_';
/** How much of the key the list shows (and the row is found by): the prefix and 8 random characters. */
export const SHOWN_CHARS = KEY_PREFIX.length + 8;
const KEY = new RegExp(`^${KEY_PREFIX}([0-9A-Za-z]{${RANDOM_CHARS}})_([0-9A-Za-z]{${CHECKSUM_CHARS}})$`);

function base62(value: number, width: number): string {
  let out = '';
  for (let v = value; v > 0; v = Math.floor(v / 62)) out = BASE62[v % 62] + out;
  return out.padStart(width, '0');
}

const checksum = (body: string) => base62(crc32(body), CHECKSUM_CHARS);

/** Whether a bearer token is meant as an API key (rather than a session token). */
export const looksLikeApiKey = (token: string): boolean => token.startsWith(KEY_PREFIX);

/** A new key: `studio_<32 random base62>_<CRC-32 of those, base62>`; the checksum can be checked offline. */
export function newApiKey(): { key: string; prefix: string; hash: string } {
  let random = '';
  for (let i = 0; i < RANDOM_CHARS; i++) random += BASE62[randomInt(62)];
  const key = `${KEY_PREFIX}${random}_${checksum(random)}`;
  return { key, prefix: key.slice(0, SHOWN_CHARS), hash: hashOf(key) };
}

/** The key's prefix when it is well formed and its checksum holds; else null (it cannot be a key we made). */
export function parseApiKey(key: string): { prefix: string } | null {
  const match = KEY.exec(key);
  if (!match || checksum(match[1]) !== match[2]) return null;
  return { prefix: key.slice(0, SHOWN_CHARS) };
}

export const hashOf = (text: string): string => createHash('sha256').update(text).digest('hex');

/** Compares two SHA-256 hex digests in constant time. */
export function sameHash(a: string, b: string): boolean {
  const x = Buffer.from(a, 'hex');
  const y = Buffer.from(b, 'hex');
  return x.length === 32 && y.length === 32 && timingSafeEqual(x, y);
}
