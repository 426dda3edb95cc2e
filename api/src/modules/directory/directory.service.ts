import { usernameStem } from '../users/username.js';
import type { EntityManager } from '@mikro-orm/postgresql';
import { accountAgeProblem, MIN_ACCOUNT_AGE } from '@studio/rules';
import { randomBytes } from 'node:crypto';
import { badInput } from '../../graphql/errors.js';
import { toCsv } from '../../common/csv.js';
import { SortDirection } from '../../common/paging.js';
import type { AuthService } from '../auth/auth.service.js';
import type { FamilyService } from '../family/family.service.js';
import { Role } from '../users/role.js';
import type { UserService } from '../users/user.service.js';
import { summarize } from '../users/person-summary.js';
import { User } from '../users/user.entity.js';
import { CURRENT_WAIVER_DOCUMENT_ID } from '../waivers/current-version.js';
import { MembershipStatus } from '../memberships/membership.entity.js';
import {
  MembershipFilter,
  StudentSortField,
  UserSortField,
  WaiverFilter,
  type AccountFilterArgs,
  type BulkDeactivation,
  type CreateMemberInput,
  type MemberMergeResult,
  type StudentListArgs,
  type StudentRow,
  type UserListArgs,
  type UserSelectionArgs,
} from './directory.types.js';
import { HELD_MEMBERSHIP } from './directory.loaders.js';
import { SEGMENT_SQL } from './people-segments.js';
import { PeopleFilter, readPeoplePage, type PeoplePage, type SortKeys } from './people-table.js';
import { Ports } from '../../events/ports.js';
import type { DirectoryPorts } from './directory.ports.js';
import { pgArray } from '../../common/pg-array.js';

// Never visited sorts last either way (see NULLS_LAST in people-table.ts).
const LAST_VISIT = `coalesce(u.last_visit_at, '{nullsLast}'::timestamptz)`;
const BY_NAME = ['u.last_name', 'u.first_name', 'u.id'];

/** Each sort's keys; each list matches one index of app_user (see user.entity.ts). */
const ACCOUNT_SORTS: Record<UserSortField, SortKeys> = {
  lastName: BY_NAME,
  firstName: ['u.first_name', 'u.last_name', 'u.id'],
  username: ['u.username', 'u.id'],
  email: [`coalesce(u.email, '')`, 'u.id'],
  role: ['u.role', ...BY_NAME],
  birthday: ['u.birthday', 'u.id'],
  createdAt: ['u.created_at', 'u.id'],
  lastVisitAt: [LAST_VISIT, 'u.id'],
};

const STUDENT_SORTS: Record<StudentSortField, SortKeys> = {
  name: BY_NAME,
  age: ['u.birthday', 'u.id'],
  bookings: ['u.booking_count', 'u.id'],
  attended: ['u.attended_count', 'u.id'],
  noShows: ['u.no_show_count', 'u.id'],
  lastAttendedAt: [LAST_VISIT, 'u.id'],
};

// A membership that still counts for the member: what "holds a membership" means in the filters and the column.
const HELD_SQL = HELD_MEMBERSHIP.map((status) => `'${status}'`).join(', ');
/** Signed the current waiver version: the users table's `waiver` filter, and other modules' conditions on people. */
export const WAIVER_SIGNED = `exists (select 1 from waiver_signature s where s.signed_for_id = u.id and s.document_id = ${CURRENT_WAIVER_DOCUMENT_ID})`;

export const EMPTY_SELECTION = 'Select some accounts, or choose all that match the filters.';

type AccountRow = Record<string, unknown> & { waiver_signed: boolean; membership_status: MembershipStatus | null };

/** The admin's directory of people: the users and students tables, with what each row shows of other modules. */
export class DirectoryService {
  readonly ports = new Ports<DirectoryPorts>();

  constructor(
    private readonly users: UserService,
    private readonly family: FamilyService,
    private readonly auth: AuthService,
  ) {}

  /**
   * A member made at the front desk: an adult, or a parent with their children (family members without a login), in
   * one transaction; their password is unknown to anyone until they choose it from the emailed link.
   */
  async createMember(em: EntityManager, input: CreateMemberInput): Promise<User> {
    const role = input.children.length ? Role.parent : Role.student;
    const age = this.users.age({ birthday: input.birthday });
    const tooYoung =
      role === Role.parent
        ? accountAgeProblem(age, true)
        : age < MIN_ACCOUNT_AGE
          ? `An account of one's own starts at ${MIN_ACCOUNT_AGE}; add them as a child of their parent's account.`
          : null;
    if (tooYoung) throw badInput(tooYoung, { birthday: tooYoung });
    const account = await em.transactional(async (tx) => {
      const user = await this.users.create(tx, {
        firstName: input.firstName,
        lastName: input.lastName,
        email: input.email,
        birthday: input.birthday,
        role,
        username: input.username?.trim() || (await this.freeUsername(tx, input.email)),
        password: randomBytes(24).toString('base64url'),
      });
      if (input.phone?.trim()) user.phone = input.phone.trim();
      for (const child of input.children)
        await this.family.add(tx, user, {
          firstName: child.firstName,
          lastName: child.lastName?.trim() || user.lastName,
          birthday: child.birthday,
        });
      await tx.flush();
      return user;
    });
    if (input.sendPasswordLink) await this.auth.sendWelcomeLink(em.fork(), account);
    return account;
  }

  /** An admin ends every session of an account (the auth module's sign out everywhere, for that account). */
  async signOutEverywhere(em: EntityManager, id: string): Promise<User> {
    const user = await this.users.findAccount(em, id);
    await this.auth.signOutEverywhere(em, user);
    return user;
  }

  /** Merges the duplicate account into the kept one (users' member-merge.ts) and answers what moved, by table. */
  async mergeMembers(em: EntityManager, admin: User, keptId: string, mergedId: string): Promise<MemberMergeResult> {
    const { kept, merged, record } = await this.users.merge(em, admin, keptId, mergedId);
    const moved = Object.entries(record.moved)
      .map(([table, rows]) => ({ table, rows }))
      .sort((a, b) => b.rows - a.rows || a.table.localeCompare(b.table));
    return { kept, merged, moved, total: moved.reduce((sum, m) => sum + m.rows, 0), mergedAt: record.mergedAt };
  }

  /** A username made from the email's local part, with a number added when it is taken. */
  private async freeUsername(em: EntityManager, email: string): Promise<string> {
    const stem = usernameStem(email);
    const candidates = [stem, ...Array.from({ length: 20 }, (_, i) => `${stem}${i + 2}`)];
    const taken = await em
      .getConnection()
      .execute<{ name: string }[]>(
        `select lower(username) as name from app_user where lower(username) in (${candidates.map(() => '?').join(', ')})`,
        candidates,
      );
    const used = new Set(taken.map((t) => t.name));
    return candidates.find((c) => !used.has(c)) ?? `${stem}${randomBytes(3).toString('hex')}`;
  }

  /** Accounts (people who sign in), with their waiver and membership state for the page's loaders. */
  async accounts(
    em: EntityManager,
    args: UserListArgs,
  ): Promise<PeoplePage<{ user: User; waiverSigned: boolean; membershipStatus: MembershipStatus | null }>> {
    const filter = await this.accountFilter(em, args);
    const page = await readPeoplePage<AccountRow>(em, {
      select: `u.*, ${WAIVER_SIGNED} as waiver_signed,
               (select m.status from membership m where m.holder_id = u.id and m.status in (${HELD_SQL})
                 order by array_position(array[${HELD_SQL}]::text[], m.status::text) limit 1) as membership_status`,
      filter,
      sort: ACCOUNT_SORTS[args.sortField],
      sortName: args.sortField,
      request: args,
    });
    return {
      ...page,
      rows: page.rows.map((row) => ({ user: mapUser(em, row), waiverSigned: row.waiver_signed, membershipStatus: row.membership_status })),
    };
  }

  /** Every account the filters match as CSV, read in pages of 1,000 by cursor (each statement stays short). */
  async accountsCsv(em: EntityManager, args: UserListArgs): Promise<string> {
    const rows: unknown[][] = [];
    let after: string | null = null;
    do {
      const page = await this.accounts(em, { ...args, after, page: 1, pageSize: 1000 });
      for (const { user: u, waiverSigned, membershipStatus } of page.rows)
        rows.push([
          u.firstName,
          u.lastName,
          u.username,
          u.email ?? '',
          u.phone ?? '',
          u.role,
          u.isActive ? 'active' : 'deactivated',
          u.birthday,
          waiverSigned ? 'signed' : 'missing',
          membershipStatus ?? '',
          u.lastVisitAt?.toISOString() ?? '',
          u.createdAt.toISOString(),
        ]);
      after = page.hasNextPage ? page.endCursor : null;
    } while (after);
    return toCsv(
      [
        'First name',
        'Last name',
        'Username',
        'Email',
        'Phone',
        'Role',
        'Status',
        'Birthday',
        'Waiver',
        'Membership',
        'Last visit',
        'Joined',
      ],
      rows,
    );
  }

  /** Students (adults and minors), with their attendance figures and the parent who manages them. */
  async students(em: EntityManager, args: StudentListArgs): Promise<PeoplePage<StudentRow>> {
    const filter = this.commonFilter(args).where(`u.role = 'student'`);
    // Ascending age is the latest birthday first.
    const direction = args.sortField === StudentSortField.age ? flip(args.sortDirection) : args.sortDirection;
    // The guardian comes in the same statement (a page of students is one statement, however many are minors).
    const page = await readPeoplePage<Record<string, unknown>>(em, {
      select: 'u.*, (select row_to_json(g) from app_user g where g.id = u.guardian_id) as guardian_row',
      filter,
      sort: STUDENT_SORTS[args.sortField],
      sortName: args.sortField,
      request: { ...args, sortDirection: direction },
    });
    return {
      ...page,
      rows: page.rows.map(({ guardian_row, ...row }) => {
        const user = mapUser(em, row);
        return {
          user,
          guardian: guardian_row ? summarize(mapUser(em, guardian_row as Record<string, unknown>)) : null,
          bookings: user.bookingCount,
          attended: user.attendedCount,
          noShows: user.noShowCount,
          lastAttendedAt: user.lastVisitAt,
        };
      }),
    };
  }

  /**
   * The users table's filters as SQL: the `users` query, its CSV and the bulk actions (here and in modules above,
   * such as adding to a group) all select through it.
   */
  async accountFilter(em: EntityManager, args: AccountFilterArgs): Promise<PeopleFilter> {
    const filter = this.commonFilter(args).where('u.username is not null');
    if (args.role) filter.where('u.role = ?', args.role);
    if (args.isActive !== null && args.isActive !== undefined) filter.where('u.is_active = ?', args.isActive);
    if (args.membership === MembershipFilter.none)
      filter.where(`not exists (select 1 from membership m where m.holder_id = u.id and m.status in (${HELD_SQL}))`);
    else if (args.membership)
      filter.where('exists (select 1 from membership m where m.holder_id = u.id and m.status = ?)', args.membership);
    if (args.ids) filter.where('u.id = any (?::uuid[])', pgArray(args.ids));
    if (args.group) {
      const groupCondition = this.ports.get('groupCondition');
      if (!groupCondition) throw badInput('Groups are not available.');
      const condition = await groupCondition(em, args.group);
      filter.where(`(${condition.sql})`, ...condition.params);
    }
    return filter;
  }

  /**
   * Deactivates the accounts of a selection: the checked rows, or every account the table's filters match. The
   * acting admin is never among them; answers how many matched and how many were deactivated now.
   */
  async deactivateAccounts(em: EntityManager, admin: User, selection: UserSelectionArgs): Promise<BulkDeactivation> {
    if (!selection.allMatching && !selection.ids?.length) throw badInput(EMPTY_SELECTION);
    const filter = await this.accountFilter(em, selection);
    const matched = await em
      .getConnection()
      .execute<{ id: string }[]>(`select u.id from app_user u where ${filter.sql}`, filter.params, 'all', em.getTransactionContext());
    const ids = matched.map((m) => m.id);
    const skippedSelf = ids.includes(admin.id);
    const deactivated = await this.users.deactivateMany(
      em,
      ids.filter((id) => id !== admin.id),
    );
    return { matched: ids.length, deactivated, skippedSelf };
  }

  private commonFilter(
    args: Pick<StudentListArgs, 'search' | 'visitedWithinDays' | 'notVisitedForDays' | 'waiver' | 'segment'>,
  ): PeopleFilter {
    const filter = new PeopleFilter().search(args.search);
    if (args.visitedWithinDays) filter.where(`u.last_visit_at >= now() - make_interval(days => ?)`, args.visitedWithinDays);
    if (args.notVisitedForDays)
      filter.where(`(u.last_visit_at is null or u.last_visit_at < now() - make_interval(days => ?))`, args.notVisitedForDays);
    if (args.waiver === WaiverFilter.signed) filter.where(WAIVER_SIGNED);
    if (args.waiver === WaiverFilter.missing) filter.where(`not ${WAIVER_SIGNED}`);
    if (args.segment) filter.where(SEGMENT_SQL[args.segment]);
    return filter;
  }
}

function flip(direction: SortDirection): SortDirection {
  return direction === SortDirection.ASC ? SortDirection.DESC : SortDirection.ASC;
}

/** The row's app_user columns as a managed User (the sort keys and extra columns left out). */
function mapUser(em: EntityManager, row: Record<string, unknown>): User {
  const columns = Object.fromEntries(
    Object.entries(row).filter(([key]) => !/^k\d+$/.test(key) && key !== 'waiver_signed' && key !== 'membership_status'),
  );
  return em.map(User, columns);
}
