/** The short line each page whose feature arrives later shows under its title, by route path. */
export const COMING_SOON_LINES: Record<string, string> = {
  '/admin/users': 'Search, edit and manage every account — coming soon.',
  '/admin/import-export': 'Bring data in and take it out as CSV — coming soon.',
  '/admin/email': 'Send studio emails and review the outbox — coming soon.',
};
