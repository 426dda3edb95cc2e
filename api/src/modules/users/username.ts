/**
 * The login name an account made from an email starts from: the address's local part in the characters a username
 * may hold, at least 3 long ("dana.w" from Dana.W@example.com). A number is added when it is taken.
 */
export function usernameStem(email: string): string {
  const base = email
    .split('@')[0]
    .toLowerCase()
    .replace(/[^a-z0-9._-]+/g, '.')
    .replace(/^[^a-z0-9]+/, '')
    .slice(0, 24);
  return base.length >= 3 ? base : `${base}member`;
}
