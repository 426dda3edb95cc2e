/**
 * Return-to after sign-in, for every page that needs it: the route guard (and the calendar's Book) send a signed-out
 * visitor to `/login?next=<path+search>`, and signing in goes back there. Only paths of this site are accepted.
 */
export const RETURN_PARAM = 'next';

const ORIGIN = 'https://studio.invalid';

/**
 * `target` when it is a path on this site: a single leading "/", no "//", no backslash or control characters (a
 * browser reads `/\evil.example` or `/\t/evil.example` as another host), not /login itself; otherwise null.
 */
export function safeReturnPath(target: string | null | undefined): string | null {
  if (!target || target.length > 2048 || !target.startsWith('/') || target.startsWith('//')) return null;
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is refused
  if (/[\\\u0000-\u001f\u007f]/.test(target)) return null;
  let url: URL;
  try {
    url = new URL(target, ORIGIN);
  } catch {
    return null;
  }
  if (url.origin !== ORIGIN || url.pathname === '/login') return null;
  return target;
}

/** The sign-in page, remembering `target` (path + search) when it is safe to return to. */
export function loginPathFor(target: string): string {
  const safe = safeReturnPath(target);
  return safe ? `/login?${RETURN_PARAM}=${encodeURIComponent(safe)}` : '/login';
}

/** Where sign-in leads: the waiver while it is unsigned, else the page the visitor came for, else /dashboard. */
export function afterSignInPath(user: { waiverSigned: boolean }, next: string | null | undefined): string {
  if (!user.waiverSigned) return '/waiver';
  return safeReturnPath(next) ?? '/dashboard';
}
