import type { EntityManager } from '@mikro-orm/postgresql';
import { badInput, notFound } from '../../graphql/errors.js';
import type { DirectoryService } from '../directory/directory.service.js';
import { EMPTY_SELECTION } from '../directory/directory.service.js';
import type { UserSelectionArgs } from '../directory/directory.types.js';
import { countPeople, PeopleFilter, type PeopleCount } from '../directory/people-table.js';
import type { MoveService } from '../moves/move.service.js';
import type { UserService } from '../users/user.service.js';
import { GroupKind, MemberGroup } from './group.entity.js';
import { addRuleConditions, checkRuleReferences } from './group-rule.js';
import type { GroupInput, GroupListArgs, GroupMembershipChange, GroupRule } from './groups.types.js';

/** Who counts as a member of any group: an active account (the users table's people who sign in). */
const MEMBER_BASE = ['u.username is not null', 'u.is_active'];

/**
 * Groups of members: manual lists (group_member rows) and rule groups (a saved rule, turned into SQL over app_user on
 * every read, so the members are always who matches now). The users table filters by a group through the directory's
 * `groupCondition` port, answered here.
 */
export class GroupService {
  constructor(
    private readonly directory: DirectoryService,
    private readonly users: UserService,
    private readonly moves: MoveService,
  ) {}

  async list(em: EntityManager, args: GroupListArgs): Promise<MemberGroup[]> {
    const search = args.search?.trim();
    return em.find(
      MemberGroup,
      {
        archivedAt: args.archived ? { $ne: null } : null,
        ...(search ? { name: { $ilike: `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%` } } : {}),
      },
      { orderBy: { name: 'asc', id: 'asc' } },
    );
  }

  async get(em: EntityManager, id: string): Promise<MemberGroup> {
    const group = await em.findOne(MemberGroup, { id });
    if (!group) throw notFound('That group');
    return group;
  }

  async create(em: EntityManager, input: GroupInput): Promise<MemberGroup> {
    const rule = input.rule ? cleanRule(input.rule) : null;
    if (rule) await checkRuleReferences(em, rule);
    const group = em.create(MemberGroup, {
      name: input.name.trim(),
      description: input.description?.trim() ?? '',
      kind: rule ? GroupKind.rule : GroupKind.manual,
      rule,
    });
    await em.flush();
    return group;
  }

  /** A group's name, description and (for a rule group) rule; a group keeps its kind. */
  async update(em: EntityManager, id: string, input: GroupInput): Promise<MemberGroup> {
    const group = await this.get(em, id);
    if (group.kind === GroupKind.manual && input.rule)
      throw badInput('A manual group has no rule: make a rule group instead.', { rule: 'A manual group has no rule.' });
    if (group.kind === GroupKind.rule && !input.rule)
      throw badInput('A rule group needs its conditions.', { rule: 'Give the conditions.' });
    group.name = input.name.trim();
    if (input.description !== undefined) group.description = input.description?.trim() ?? '';
    if (input.rule) {
      const rule = cleanRule(input.rule);
      await checkRuleReferences(em, rule);
      group.rule = rule;
    }
    await em.flush();
    return group;
  }

  async setArchived(em: EntityManager, id: string, archived: boolean): Promise<MemberGroup> {
    const group = await this.get(em, id);
    if (archived !== (group.archivedAt !== null)) {
      group.archivedAt = archived ? new Date() : null;
      await em.flush();
    }
    return group;
  }

  /** The group's members as a people filter over `app_user u` (with the base conditions of every people filter). */
  async membersFilter(em: EntityManager, group: MemberGroup): Promise<PeopleFilter> {
    const filter = new PeopleFilter();
    for (const condition of MEMBER_BASE) filter.where(condition);
    if (group.kind === GroupKind.manual)
      return filter.where('exists (select 1 from group_member gm where gm.group_id = ? and gm.user_id = u.id)', group.id);
    return addRuleConditions(em, filter, group.rule ?? {}, { today: this.users.today(), moves: this.moves });
  }

  /** The directory's port: the condition of a group's members (the base conditions included), by the group's id. */
  async condition(em: EntityManager, groupId: string): Promise<{ sql: string; params: unknown[] }> {
    const filter = await this.membersFilter(em, await this.get(em, groupId));
    return { sql: filter.sql, params: filter.params };
  }

  /** How many members: exact up to 10,000, the planner's estimate above 20,000 (as the users table's total). */
  async memberCount(em: EntityManager, group: MemberGroup): Promise<PeopleCount> {
    return countPeople(em, await this.membersFilter(em, group));
  }

  /**
   * Every member's id, a page at a time in id order (keyset: each page is one short statement however many members),
   * for modules that reach a group's members (email).
   */
  async *memberIds(em: EntityManager, groupId: string, pageSize = 1000): AsyncGenerator<string[]> {
    const filter = await this.membersFilter(em, await this.get(em, groupId));
    let after = '00000000-0000-0000-0000-000000000000';
    for (;;) {
      const rows = await em
        .getConnection()
        .execute<{ id: string }[]>(
          `select u.id from app_user u where ${filter.sql} and u.id > ? order by u.id limit ?`,
          [...filter.params, after, pageSize],
          'all',
          em.getTransactionContext(),
        );
      if (rows.length) yield rows.map((r) => r.id);
      if (rows.length < pageSize) return;
      after = rows[rows.length - 1].id;
    }
  }

  /**
   * Adds the users table's selection (the checked rows, or all matching its filters) to a manual group in one
   * statement; someone already in it stays one row (the primary key), so a double click or two tabs add once.
   */
  async add(em: EntityManager, groupId: string, selection: UserSelectionArgs): Promise<GroupMembershipChange> {
    const group = await this.manualGroup(em, groupId, 'add to');
    const filter = await this.selectionFilter(em, selection);
    const [{ matched, changed }] = await em.getConnection().execute<{ matched: number; changed: number }[]>(
      `with matched as (select u.id from app_user u where ${filter.sql}),
            added as (insert into group_member (group_id, user_id, added_at) select ?, id, now() from matched
                      on conflict do nothing returning 1)
       select (select count(*) from matched)::int as matched, (select count(*) from added)::int as changed`,
      [...filter.params, group.id],
      'all',
      em.getTransactionContext(),
    );
    return { matched, changed };
  }

  async remove(em: EntityManager, groupId: string, selection: UserSelectionArgs): Promise<GroupMembershipChange> {
    const group = await this.manualGroup(em, groupId, 'remove from');
    const filter = await this.selectionFilter(em, selection);
    const [{ matched, changed }] = await em.getConnection().execute<{ matched: number; changed: number }[]>(
      `with matched as (select u.id from app_user u where ${filter.sql}),
            removed as (delete from group_member gm using matched where gm.group_id = ? and gm.user_id = matched.id returning 1)
       select (select count(*) from matched)::int as matched, (select count(*) from removed)::int as changed`,
      [...filter.params, group.id],
      'all',
      em.getTransactionContext(),
    );
    return { matched, changed };
  }

  private async manualGroup(em: EntityManager, groupId: string, verb: string): Promise<MemberGroup> {
    const group = await this.get(em, groupId);
    if (group.kind === GroupKind.rule)
      throw badInput(`“${group.name}” is a rule group: its members are whoever matches its rule, so you cannot ${verb} it by hand.`);
    if (group.archivedAt) throw badInput(`“${group.name}” is archived: restore it first.`);
    return group;
  }

  private selectionFilter(em: EntityManager, selection: UserSelectionArgs): Promise<PeopleFilter> {
    if (!selection.allMatching && !selection.ids?.length) throw badInput(EMPTY_SELECTION);
    return this.directory.accountFilter(em, selection);
  }
}

/** The rule as stored: only the conditions given (nulls and empty lists dropped), lists without repeats. */
function cleanRule(input: GroupRule): GroupRule {
  const rule: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(input)) {
    if (value === null || value === undefined || value === false) continue;
    if (Array.isArray(value)) {
      if (value.length) rule[key] = [...new Set(value)];
    } else rule[key] = value;
  }
  return rule as GroupRule;
}
