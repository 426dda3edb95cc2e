import Link from '@mui/material/Link';
import { CHAT_EDIT_WINDOW_MINUTES, fullName } from '@studio/rules';
import type { ReactNode } from 'react';

/** Web addresses in a message become links; everything else stays text (React escapes it: never HTML). */
export function withLinks(text: string): ReactNode[] {
  return text.split(/(https?:\/\/[^\s<>"']+)/g).map((part, i) =>
    i % 2 === 1 ? (
      <Link key={i} href={part} target="_blank" rel="noopener noreferrer nofollow" sx={{ wordBreak: 'break-all' }}>
        {part}
      </Link>
    ) : (
      part
    ),
  );
}

/** Own messages can be changed this long after sending. */
export function withinEditWindow(createdAt: string, now = Date.now()): boolean {
  return now - new Date(createdAt).getTime() <= CHAT_EDIT_WINDOW_MINUTES * 60_000;
}

export const personName = (p: { firstName: string; lastName: string } | null | undefined) => (p ? fullName(p) : 'Someone');

/** "Ines", "Ines and Tom", "Ines, Tom and Ada". */
export function listNames(names: string[]): string {
  if (names.length <= 1) return names.join('');
  return `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
}
