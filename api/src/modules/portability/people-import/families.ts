import type { ImportRow } from './people-rows.js';

const ADULT_AGE = 18;

export interface PlannedPerson extends ImportRow {
  /** The line of the person whose family this one joins (they share an email and this one is not its holder). */
  guardianLine: number | null;
}

export const ageOn = (birthday: string | null, today: string): number | null => {
  if (!birthday) return null;
  const [by, bm, bd] = birthday.split('-').map(Number);
  const [ty, tm, td] = today.split('-').map(Number);
  return ty - by - (tm < bm || (tm === bm && td < bd) ? 1 : 0);
};

/**
 * People who share an email are a family, not duplicates: the oldest adult among them (else the first row) keeps the
 * address and becomes the family's account; the others become its family members, without an email of their own.
 * A holder whose role is student (the default) becomes a parent when the family has a minor. Rows with errors are
 * left as they are.
 */
export function planFamilies(rows: readonly ImportRow[], today: string): PlannedPerson[] {
  const planned: PlannedPerson[] = rows.map((row) => ({ ...row, person: { ...row.person }, guardianLine: null }));
  const byEmail = new Map<string, PlannedPerson[]>();
  for (const row of planned)
    if (row.person.email && !Object.keys(row.errors).length) byEmail.set(row.person.email, [...(byEmail.get(row.person.email) ?? []), row]);
  for (const family of byEmail.values()) {
    if (family.length < 2) continue;
    const adults = family.filter((r) => (ageOn(r.person.birthday, today) ?? ADULT_AGE) >= ADULT_AGE);
    const holder = [...(adults.length ? adults : family)].sort(
      (a, b) => (a.person.birthday ?? '9999').localeCompare(b.person.birthday ?? '9999') || a.line - b.line,
    )[0];
    for (const member of family) {
      if (member === holder) continue;
      member.guardianLine = holder.line;
      member.person.email = null;
    }
    if (holder.person.role === 'student' && family.some((r) => (ageOn(r.person.birthday, today) ?? ADULT_AGE) < ADULT_AGE))
      holder.person.role = 'parent';
  }
  return planned;
}
