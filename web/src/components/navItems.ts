import type { Role } from '../graphql/types';

export interface NavItem {
  label: string;
  to: string;
}

/** Only the first four links show inline on desktop. */
export const INLINE_LINK_COUNT = 4;

/**
 * The signed-in links: Dashboard, Calendar, Profile, My Moves, Waiver Status; admins get Admin Dashboard
 * second; parents get Family before the last item.
 */
export function primaryLinks(role: Role): NavItem[] {
  const links: NavItem[] = [
    { label: 'Dashboard', to: '/dashboard' },
    { label: 'Calendar', to: '/calendar' },
    { label: 'Profile', to: '/profile' },
    { label: 'My Moves', to: '/moves' },
    { label: 'Waiver Status', to: '/waiver' },
  ];
  if (role === 'admin') links.splice(1, 0, { label: 'Admin Dashboard', to: '/admin/dashboard' });
  if (role === 'parent') links.splice(links.length - 1, 0, { label: 'Family', to: '/family' });
  return links;
}

export function inlineLinks(role: Role): NavItem[] {
  return primaryLinks(role).slice(0, INLINE_LINK_COUNT);
}

/** Links past the first four: reachable on desktop from the "More" menu. */
export function overflowLinks(role: Role): NavItem[] {
  return primaryLinks(role).slice(INLINE_LINK_COUNT);
}

/** The account menu, without the final Sign out entry. */
export function accountMenuLinks(role: Role): NavItem[] {
  const items: NavItem[] = [];
  if (role === 'admin') {
    items.push(
      { label: 'Admin Dashboard', to: '/admin/dashboard' },
      { label: 'User Management', to: '/admin/users' },
      { label: 'Class Management', to: '/admin/classes' },
      { label: 'Student Management', to: '/admin/students' },
    );
  }
  if (role === 'parent') items.push({ label: 'Family Management', to: '/family' });
  if (role === 'instructor' || role === 'teacher') items.push({ label: 'My Classes', to: '/class-instances' });
  items.push(
    { label: 'Staff Chat', to: '/staff-chat' },
    { label: 'Merch & Snacks', to: '/merch' },
    { label: 'Memberships', to: '/memberships' },
  );
  return items;
}

export const SIGN_OUT_LABEL = 'Sign out';

/** Signed out: Sign in and Register; the drawer adds Home and Check-In. */
export const signedOutLinks: NavItem[] = [
  { label: 'Sign in', to: '/login' },
  { label: 'Register', to: '/register' },
];

export const signedOutDrawerLinks: NavItem[] = [{ label: 'Home', to: '/' }, { label: 'Check-In', to: '/check-in' }, ...signedOutLinks];

/** The mobile drawer shows the same items: every link, then the account menu, then Sign out. */
export function drawerSections(role: Role): { links: NavItem[]; account: NavItem[] } {
  return { links: primaryLinks(role), account: accountMenuLinks(role) };
}

/** Badge text: nothing at zero, the number up to 99, then '99+'. */
export function badgeLabel(count: number): string | null {
  if (!Number.isFinite(count) || count <= 0) return null;
  return count > 99 ? '99+' : String(Math.floor(count));
}
