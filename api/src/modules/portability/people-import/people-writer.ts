import type { EntityManager } from '@mikro-orm/postgresql';
import { MIN_ACCOUNT_AGE } from '@studio/rules';
import { randomUUID } from 'node:crypto';
import { pgArray } from '../../../common/pg-array.js';
import { NO_PASSWORD_YET } from '../../users/password.js';
import { usernameStem } from '../../users/username.js';
import type { ImportPreview, ImportReport } from '../import-batch.entity.js';
import { ageOn, type PlannedPerson } from './families.js';

/** Rows written per statement (and between two progress reports). */
export const SLICE = 500;
const PREVIEW_ROWS = 5;

/** A person already here, as an import compares and changes them. */
interface Existing {
  id: string;
  first_name: string;
  last_name: string;
  phone: string | null;
  birthday: string;
  is_active: boolean;
  role: string;
  guardian_id: string | null;
}
const CHANGEABLE = ['first_name', 'last_name', 'phone', 'birthday', 'is_active'] as const;
type Changes = Partial<Pick<Existing, (typeof CHANGEABLE)[number]>>;

/** What one row of the file will do: make a person, change one, or nothing (with why). */
type Decision =
  | { line: number; action: 'create'; id: string; row: PlannedPerson; guardianId: string | null; username: string | null }
  | { line: number; action: 'update'; id: string; row: PlannedPerson; before: Changes; after: Changes }
  | { line: number; action: 'skip'; message: string }
  | { line: number; action: 'refuse'; field: string; message: string };

/** A decided file: what each row does, and the report it makes before anything is written. */
export interface PeoplePlan {
  decisions: Decision[];
  report: ImportReport;
}

const sqlOf = (tx: EntityManager) => ({
  rows: <T extends object>(sql: string, params: unknown[]) =>
    tx.getConnection().execute<T[]>(sql, params, 'all', tx.getTransactionContext()),
});

/**
 * Decides every row against the people already here: a row whose source id (from an earlier import from the same
 * source) or email matches a person changes that person; a family member matches one of the account's family
 * members by first name and birthday; anyone else is new. An admin's account is never changed by an import.
 */
export async function planPeople(tx: EntityManager, rows: readonly PlannedPerson[], source: string, today: string): Promise<PeoplePlan> {
  const db = sqlOf(tx);
  const externalIds = [...new Set(rows.map((r) => r.person.externalId).filter((x): x is string => Boolean(x)))];
  const emails = [...new Set(rows.map((r) => r.person.email).filter((x): x is string => Boolean(x)))];
  const bySourceId = new Map<string, string>();
  if (externalIds.length)
    for (const r of await db.rows<{ external_id: string; record_id: string }>(
      `select distinct on (r.external_id) r.external_id, r.record_id
         from import_record r join import_batch b on b.id = r.batch_id
        where b.source = ? and b.state = 'imported' and r.table_name = 'app_user' and r.external_id = any (?::text[])
        order by r.external_id, b.created_at desc`,
      [source, pgArray(externalIds)],
    ))
      bySourceId.set(r.external_id, r.record_id);
  const columns = `id, first_name, last_name, phone, to_char(birthday, 'YYYY-MM-DD') as birthday, is_active, role, guardian_id`;
  const existing = new Map<string, Existing>();
  const byEmail = new Map<string, Existing>();
  if (emails.length || bySourceId.size)
    for (const person of await db.rows<Existing & { email: string | null }>(
      `select ${columns}, lower(email) as email from app_user
        where (lower(email) = any (?::text[]) or id = any (?::uuid[])) and removed_at is null`,
      [pgArray(emails), pgArray([...bySourceId.values()])],
    )) {
      existing.set(person.id, person);
      if (person.email) byEmail.set(person.email, person);
    }
  // People without an email or a source id (a walk-in): the same names and birthday are the same person.
  const byNames = new Map<string, Existing>();
  const nameKey = (first: string, last: string, birthday: string | null) => `${first.toLowerCase()}|${last.toLowerCase()}|${birthday}`;
  const unnamed = rows.filter((r) => r.guardianLine === null && !r.person.email && !Object.keys(r.errors).length);
  if (unnamed.length)
    for (const person of await db.rows<Existing>(
      `select ${columns} from app_user u
        where guardian_id is null and email is null and removed_at is null
          and (lower(first_name), lower(last_name), birthday) in
              (select lower(f), lower(l), b from json_to_recordset(?::json) as r(f text, l text, b date))`,
      [JSON.stringify(unnamed.map((r) => ({ f: r.person.firstName, l: r.person.lastName, b: r.person.birthday })))],
    )) {
      existing.set(person.id, person);
      byNames.set(nameKey(person.first_name, person.last_name, person.birthday), person);
    }
  const byLine = new Map(rows.map((r) => [r.line, r]));
  const accountOf = (row: PlannedPerson): Existing | undefined =>
    (row.person.externalId && existing.get(bySourceId.get(row.person.externalId) ?? '')) ||
    (row.person.email
      ? byEmail.get(row.person.email)
      : byNames.get(nameKey(row.person.firstName, row.person.lastName, row.person.birthday)));
  const accountIds = rows.flatMap((r) => (r.guardianLine === null && !Object.keys(r.errors).length ? [accountOf(r)?.id ?? []] : [])).flat();
  const familyOf = new Map<string, Existing[]>();
  if (accountIds.length)
    for (const member of await db.rows<Existing>(
      `select ${columns} from app_user where guardian_id = any (?::uuid[]) and removed_at is null`,
      [pgArray(accountIds)],
    )) {
      existing.set(member.id, member);
      familyOf.set(member.guardian_id!, [...(familyOf.get(member.guardian_id!) ?? []), member]);
    }

  const idOfLine = new Map<number, string>();
  const claimed = new Map<string, number>();
  const seenSourceIds = new Map<string, number>();
  const decisions: Decision[] = [];
  const newAccounts: { decision: Extract<Decision, { action: 'create' }>; email: string }[] = [];
  // Account holders first: their family members need their ids.
  const ordered = [...rows].sort((a, b) => Number(a.guardianLine !== null) - Number(b.guardianLine !== null) || a.line - b.line);
  for (const row of ordered) {
    const { person, line } = row;
    const [field, message] = Object.entries(row.errors)[0] ?? [];
    if (field) {
      decisions.push({ line, action: 'refuse', field, message: message! });
      continue;
    }
    if (person.externalId) {
      const first = seenSourceIds.get(person.externalId);
      if (first) {
        decisions.push({ line, action: 'refuse', field: 'externalId', message: `The id “${person.externalId}” is on line ${first} too.` });
        continue;
      }
      seenSourceIds.set(person.externalId, line);
    }
    const holderId = row.guardianLine === null ? null : idOfLine.get(row.guardianLine);
    if (row.guardianLine !== null && !holderId) {
      decisions.push({
        line,
        action: 'refuse',
        field: 'email',
        message: `The family’s account (line ${row.guardianLine}) is not imported.`,
      });
      continue;
    }
    const match =
      row.guardianLine === null
        ? accountOf(row)
        : (person.externalId && existing.get(bySourceId.get(person.externalId) ?? '')) ||
          familyOf
            .get(holderId!)
            ?.find((m) => m.first_name.toLowerCase() === person.firstName.toLowerCase() && m.birthday === person.birthday);
    if (match) {
      const twice = claimed.get(match.id);
      if (twice) {
        decisions.push({ line, action: 'refuse', field: 'email', message: `Line ${twice} is the same person.` });
        continue;
      }
      claimed.set(match.id, line);
      idOfLine.set(line, match.id);
      if (match.role === 'admin') {
        decisions.push({ line, action: 'skip', message: 'An admin’s account: imports do not change it.' });
        continue;
      }
      const wanted: Changes = {
        first_name: person.firstName,
        last_name: person.lastName,
        birthday: person.birthday!,
        ...(person.phone ? { phone: person.phone } : {}),
        ...(person.active !== null ? { is_active: person.active } : {}),
      };
      const before: Changes = {};
      const after: Changes = {};
      for (const key of CHANGEABLE)
        if (key in wanted && wanted[key] !== match[key]) {
          Object.assign(before, { [key]: match[key] });
          Object.assign(after, { [key]: wanted[key] });
        }
      if (!Object.keys(after).length) decisions.push({ line, action: 'skip', message: 'Already here and up to date.' });
      else decisions.push({ line, action: 'update', id: match.id, row, before, after });
      continue;
    }
    const age = ageOn(person.birthday, today) ?? 0;
    if (person.email && row.guardianLine === null && age < MIN_ACCOUNT_AGE) {
      decisions.push({
        line,
        action: 'refuse',
        field: 'email',
        message: `An account of one's own starts at ${MIN_ACCOUNT_AGE}: give them their parent's email so they join the family.`,
      });
      continue;
    }
    const decision = { line, action: 'create' as const, id: randomUUID(), row, guardianId: holderId ?? null, username: null };
    idOfLine.set(line, decision.id);
    decisions.push(decision);
    if (person.email) newAccounts.push({ decision, email: person.email });
  }
  await chooseUsernames(tx, newAccounts);
  decisions.sort((a, b) => a.line - b.line);
  return { decisions, report: reportOf(decisions, byLine) };
}

/** A login name for each new account, from its email, unused here and in the file ("dana.w", "dana.w2"). */
async function chooseUsernames(tx: EntityManager, accounts: { decision: { username: string | null }; email: string }[]): Promise<void> {
  if (!accounts.length) return;
  const stems = accounts.map((a) => usernameStem(a.email));
  const withoutNumber = (name: string) => name.replace(/[0-9]+$/, '');
  // Every name that is a stem with or without a number: one scan, however many accounts the file makes.
  const taken = new Set(
    (
      await sqlOf(tx).rows<{ name: string }>(
        `select lower(username) as name from app_user where regexp_replace(lower(username), '[0-9]+$', '') = any (?::text[])`,
        [pgArray([...new Set(stems.map(withoutNumber))])],
      )
    ).map((t) => t.name),
  );
  accounts.forEach((account, i) => {
    let name = stems[i];
    for (let n = 2; taken.has(name); n++) name = `${stems[i].slice(0, 26)}${n}`;
    taken.add(name);
    account.decision.username = name;
  });
}

function reportOf(decisions: readonly Decision[], byLine: Map<number, PlannedPerson>): ImportReport {
  const report: ImportReport = { created: 0, updated: 0, skipped: 0, problems: [], skips: [], preview: [] };
  for (const d of decisions) {
    if (d.action === 'create') report.created++;
    else if (d.action === 'update') report.updated++;
    else {
      report.skipped++;
      if (d.action === 'skip') report.skips.push({ line: d.line, message: d.message });
      else report.problems.push({ line: d.line, field: d.field, message: d.message });
    }
    if ((d.action === 'create' || d.action === 'update') && report.preview.length < PREVIEW_ROWS) report.preview.push(previewOf(d, byLine));
  }
  return report;
}

function previewOf(d: Extract<Decision, { action: 'create' | 'update' }>, byLine: Map<number, PlannedPerson>): ImportPreview {
  const { person, guardianLine } = d.row;
  const holder = guardianLine === null ? null : byLine.get(guardianLine)?.person;
  return {
    line: d.line,
    action: d.action,
    firstName: person.firstName,
    lastName: person.lastName,
    email: person.email,
    phone: person.phone,
    birthday: person.birthday!,
    role: guardianLine === null ? person.role : 'student',
    active: person.active ?? true,
    familyOf: holder ? `${holder.firstName} ${holder.lastName}` : null,
    note: noteOf(d.row, ''),
  };
}

/** What the source said that has no field here, kept on the import record. */
export function noteOf(row: PlannedPerson, sourceLabel: string): string {
  const parts = [row.person.note];
  if (row.person.waiverSignedOn)
    parts.push(`Liability release signed${sourceLabel ? ` in ${sourceLabel}` : ''} on ${row.person.waiverSignedOn}`);
  return parts.filter(Boolean).join('; ');
}

/**
 * Writes a plan's creations and changes, a slice at a time, each with its import record (what it was before, and the
 * record's updated_at as left: `stamp`), calling `progress` with the rows handled after every slice.
 */
export async function writePeople(
  tx: EntityManager,
  plan: PeoplePlan,
  {
    batchId,
    stamp,
    sourceLabel,
    progress,
  }: { batchId: string; stamp: Date; sourceLabel: string; progress(handled: number): Promise<void> },
): Promise<void> {
  const db = tx.getConnection();
  const ctx = tx.getTransactionContext();
  const decisions = plan.decisions;
  for (let start = 0; start < decisions.length; start += SLICE) {
    const slice = decisions.slice(start, start + SLICE);
    // Family members after their accounts (plan order is the file's; an account may come after its children).
    const creates = slice
      .flatMap((d) => (d.action === 'create' ? [d] : []))
      .sort((a, b) => Number(a.guardianId !== null) - Number(b.guardianId !== null));
    const updates = slice.flatMap((d) => (d.action === 'update' ? [d] : []));
    if (creates.length)
      await db.execute(
        `insert into app_user (id, first_name, last_name, username, password_hash, email, phone, birthday, role, is_active, guardian_id,
                created_at, updated_at)
         select id, first_name, last_name, username, case when username is null then null else ? end, email, phone, birthday, role,
                is_active, guardian_id, coalesce(created_at, ?::timestamptz), ?::timestamptz
           from json_to_recordset(?::json) as r(id uuid, first_name text, last_name text, username text, email text, phone text,
                birthday date, role text, is_active boolean, guardian_id uuid, created_at timestamptz)`,
        [
          NO_PASSWORD_YET,
          stamp,
          stamp,
          JSON.stringify(
            creates.map(({ id, row: { person }, guardianId, username }) => ({
              id,
              first_name: person.firstName,
              last_name: person.lastName,
              username,
              email: guardianId ? null : person.email,
              phone: person.phone,
              birthday: person.birthday,
              role: guardianId ? 'student' : person.role,
              is_active: person.active ?? true,
              guardian_id: guardianId,
              created_at: person.memberSince,
            })),
          ),
        ],
        'run',
        ctx,
      );
    if (updates.length)
      await db.execute(
        `update app_user u set first_name = coalesce(v.first_name, u.first_name), last_name = coalesce(v.last_name, u.last_name),
                phone = coalesce(v.phone, u.phone), birthday = coalesce(v.birthday, u.birthday),
                is_active = coalesce(v.is_active, u.is_active), updated_at = ?::timestamptz,
                -- a person the file deactivates is signed out everywhere, as deactivating on the Users page does
                token_version = u.token_version + case when v.is_active = false and u.is_active then 1 else 0 end
           from json_to_recordset(?::json) as v(id uuid, first_name text, last_name text, phone text, birthday date, is_active boolean)
          where u.id = v.id`,
        [stamp, JSON.stringify(updates.map((u) => ({ id: u.id, ...u.after })))],
        'run',
        ctx,
      );
    const records = [...creates, ...updates].map((d) => ({
      id: randomUUID(),
      batch_id: batchId,
      record_id: d.id,
      action: d.action === 'create' ? 'created' : 'updated',
      before: d.action === 'update' ? d.before : null,
      line: d.line,
      external_id: d.row.person.externalId,
      note: noteOf(d.row, sourceLabel) || null,
    }));
    if (records.length)
      await db.execute(
        `insert into import_record (id, batch_id, table_name, record_id, action, before, stamped_at, line, external_id, note)
         select id, batch_id, 'app_user', record_id, action, before, ?::timestamptz, line, external_id, note
           from json_to_recordset(?::json) as r(id uuid, batch_id uuid, record_id uuid, action text, before jsonb, line int,
                external_id text, note text)`,
        [stamp, JSON.stringify(records)],
        'run',
        ctx,
      );
    await progress(Math.min(start + SLICE, decisions.length));
  }
}
