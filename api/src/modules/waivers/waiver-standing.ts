import { likePattern } from '../../common/paging.js';
import { CURRENT_WAIVER_DOCUMENT_ID } from './current-version.js';

/** Where a person stands with the waiver. */
export enum WaiverStanding {
  /** Signed the current version. */
  CURRENT = 'CURRENT',
  /** Signed an older version only: asked again before their next booking. */
  OUTDATED = 'OUTDATED',
  /** Never signed any version. */
  NEVER = 'NEVER',
}

/** The standings that still need a signature of the current version. */
export const MISSING_STANDINGS = [WaiverStanding.OUTDATED, WaiverStanding.NEVER] as const;

/** `u`'s standing, with the current version joined as `cur`. */
export const STANDING_SQL = `case
    when exists (select 1 from waiver_signature s where s.signed_for_id = u.id and s.document_id = cur.id) then 'CURRENT'
    when exists (select 1 from waiver_signature s where s.signed_for_id = u.id) then 'OUTDATED'
    else 'NEVER' end`;

/** The people a standing list covers: every active person (minors included), with the current version as `cur`. */
export const STANDING_FROM_SQL = `from app_user u cross join ${CURRENT_WAIVER_DOCUMENT_ID} cur`;

/** The most people one reminder request emails (one transaction, its emails dispatched before it answers). */
export const REMINDERS_PER_REQUEST = 500;

/** The most words of a search that are matched (the rest are ignored). */
const MAX_SEARCH_WORDS = 5;

export interface StandingQuery {
  /** Words of the person's name, username or email. */
  search?: string | null;
  /** Only people in these standings (none: everyone). */
  standings?: readonly WaiverStanding[] | null;
  /** Only these people. */
  personIds?: readonly string[] | null;
}

/** The `where` of a standing list and its parameters (`withStanding: false` leaves the standing out, for counts by standing). */
export function standingWhere(q: StandingQuery, { withStanding = true } = {}): { sql: string; params: unknown[] } {
  const parts = ['u.is_active', 'u.removed_at is null'];
  const params: unknown[] = [];
  // Every word typed is part of the first or last name, username or email: "mia qu" finds Mia Quintero.
  for (const word of (q.search ?? '').trim().split(/\s+/).filter(Boolean).slice(0, MAX_SEARCH_WORDS)) {
    const pattern = likePattern(word);
    parts.push(`(u.first_name ilike ? or u.last_name ilike ? or u.username ilike ? or u.email ilike ?)`);
    params.push(pattern, pattern, pattern, pattern);
  }
  if (withStanding && q.standings?.length) {
    parts.push(`(${STANDING_SQL}) in (${q.standings.map(() => '?').join(', ')})`);
    params.push(...q.standings);
  }
  if (q.personIds) {
    parts.push(q.personIds.length ? `u.id in (${q.personIds.map(() => '?').join(', ')})` : 'false');
    params.push(...q.personIds);
  }
  return { sql: `where ${parts.join(' and ')}`, params };
}
