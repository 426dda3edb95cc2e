import type { Role } from '../graphql/types';
import { loginPathFor } from './returnTo';
import type { SessionStatus, SignOutReason } from './session';

/**
 * Who may open a route:
 * - `bare`: public, no navigation bar, skips every check (/calendar, /check-in);
 * - `public`: anyone; never redirects;
 * - `signed-in`: any signed-in user with a signed waiver (the waiver pages themselves excepted);
 * - `roles`: signed-in and one of the listed roles; `admin`: admins only.
 */
export type Access = 'bare' | 'public' | 'signed-in' | { roles: readonly Role[] } | 'admin';

export const STAFF_AND_PARENT_ROLES: readonly Role[] = ['admin', 'instructor', 'teacher', 'parent'];

/** Pages a signed-in user with an unsigned waiver may stay on. */
export const WAIVER_PATHS = ['/waiver', '/sign-waivers'];

export interface GuardInput {
  path: string;
  /** The query string of the location (`?a=b`), remembered with the path for return-to after sign-in. */
  search?: string;
  access: Access;
  /** The route's title, named in the notice of a role redirect. */
  title?: string;
  status: SessionStatus;
  tokenStored: boolean;
  role?: Role | null;
  waiverSigned?: boolean | null;
  signOutReason?: SignOutReason;
}

export type GuardDecision = { kind: 'render' } | { kind: 'loading' } | { kind: 'redirect'; to: string; notice?: string };

const render: GuardDecision = { kind: 'render' };
const redirect = (to: string): GuardDecision => ({ kind: 'redirect', to });

export function needsSignIn(access: Access): boolean {
  return access !== 'bare' && access !== 'public';
}

/** The route guard (who may open a path, and where the others are redirected), as one pure decision. */
export function decideAccess(input: GuardInput): GuardDecision {
  const { access, status } = input;
  if (!needsSignIn(access)) return render;
  // Signed out, no stored token, or a failed verification: /login, which returns here after sign-in (after an
  // explicit logout: /).
  const signedOutTarget = input.signOutReason === 'logout' ? '/' : loginPathFor(input.path + (input.search ?? ''));
  if (!input.tokenStored) return redirect(signedOutTarget);
  if (status === 'loading') return { kind: 'loading' };
  if (status !== 'signed-in') return redirect(signedOutTarget);
  if (input.waiverSigned === false && !WAIVER_PATHS.includes(input.path)) return redirect('/waiver');
  const allowed = access === 'admin' ? input.role === 'admin' : typeof access !== 'object' || access.roles.includes(input.role as Role);
  // The spec's redirect to /dashboard stays; the notice says why, so nobody is bounced silently.
  if (!allowed) return { kind: 'redirect', to: '/dashboard', notice: `${input.title ?? 'That page'} is for ${whoMayOpen(access)}.` };
  return render;
}

function whoMayOpen(access: Access): string {
  if (access === 'admin') return 'admins';
  if (typeof access !== 'object') return 'signed-in members';
  const staff = access.roles.filter((r) => r !== 'parent');
  const staffOnly = staff.length === 3 ? 'staff' : staff.map((r) => `${r}s`).join(' and ');
  return access.roles.includes('parent') ? `parents and ${staffOnly}` : staffOnly;
}
