import type { EntityManager } from '@mikro-orm/postgresql';
import { badInput } from '../../graphql/errors.js';
import { WAIVER_SIGNED } from '../directory/directory.service.js';
import { PeopleFilter } from '../directory/people-table.js';
import type { MoveService } from '../moves/move.service.js';
import type { GroupRule } from './groups.types.js';
import { pgArray } from '../../common/pg-array.js';

/** What turning a rule into SQL needs besides the rule: the studio's today and the level read of moves. */
export interface RuleContext {
  /** The studio's today (YYYY-MM-DD): ages are counted on it. */
  today: string;
  moves: Pick<MoveService, 'reachedLevel'>;
}

/**
 * A rule's conditions added to a people filter over `app_user u`, every value a parameter. Each condition is one
 * `exists` or column test the planner can combine with the users table's own filters and sorts.
 */
export async function addRuleConditions(
  em: EntityManager,
  filter: PeopleFilter,
  rule: GroupRule,
  context: RuleContext,
): Promise<PeopleFilter> {
  if (rule.roles?.length) filter.where('u.role::text = any (?::text[])', pgArray(rule.roles));
  // Age N on the studio's today: born on or before today minus N years; at most M: born after today minus M+1 years.
  if (rule.minAge != null) filter.where(`u.birthday <= (?::date - make_interval(years => ?))::date`, context.today, rule.minAge);
  if (rule.maxAge != null) filter.where(`u.birthday > (?::date - make_interval(years => ?))::date`, context.today, rule.maxAge + 1);
  if (rule.planIds?.length || rule.membershipStatuses?.length) {
    const parts = ['m.holder_id = u.id'];
    const params: unknown[] = [];
    if (rule.planIds?.length) {
      parts.push('m.plan_id = any (?::uuid[])');
      params.push(pgArray(rule.planIds));
    }
    if (rule.membershipStatuses?.length) {
      parts.push('m.status::text = any (?::text[])');
      params.push(pgArray(rule.membershipStatuses));
    } else parts.push(`m.status in ('active', 'past_due', 'paused')`);
    filter.where(`exists (select 1 from membership m where ${parts.join(' and ')})`, ...params);
  }
  if (rule.packClassesLeftAtMost != null)
    filter.where(
      'exists (select 1 from class_pack p where p.owner_id = u.id and p.expires_at > now() and p.classes - p.used <= ?)',
      rule.packClassesLeftAtMost,
    );
  if (rule.visitedWithinDays != null) filter.where(`u.last_visit_at >= now() - make_interval(days => ?)`, rule.visitedWithinDays);
  if (rule.notVisitedForDays != null)
    filter.where(`(u.last_visit_at is null or u.last_visit_at < now() - make_interval(days => ?))`, rule.notVisitedForDays);
  if (rule.waiverMissing) filter.where(`not ${WAIVER_SIGNED}`);
  if (rule.classTypeIds?.length) {
    const within = rule.bookedWithinDays != null ? ' and ci.starts_at >= now() - make_interval(days => ?)' : '';
    filter.where(
      `exists (select 1 from booking b join class_instance ci on ci.id = b.class_instance_id
        where b.attendee_id = u.id and b.status in ('confirmed', 'no_show') and ci.blueprint_id = any (?::uuid[])${within})`,
      pgArray(rule.classTypeIds),
      ...(rule.bookedWithinDays != null ? [rule.bookedWithinDays] : []),
    );
  }
  if (rule.apparatusId && rule.minLevel != null) {
    // Levels are computed from progress by moves, which owns them: it answers who has reached the level.
    const reached = await context.moves.reachedLevel(em, rule.apparatusId, rule.minLevel);
    filter.where('u.id = any (?::uuid[])', pgArray(reached));
  }
  return filter;
}

/** Refuses a rule naming plans, class types or an apparatus that do not exist (the shared rule checked the rest). */
export async function checkRuleReferences(em: EntityManager, rule: GroupRule): Promise<void> {
  const conn = em.getConnection();
  const missing = async (table: string, ids: readonly string[] | null | undefined) => {
    if (!ids?.length) return false;
    const [{ n }] = await conn.execute<{ n: number }[]>(`select count(*)::int as n from ${table} where id = any (?::uuid[])`, [
      pgArray([...new Set(ids)]),
    ]);
    return n < new Set(ids).size;
  };
  if (await missing('membership_plan', rule.planIds))
    throw badInput('One of the chosen plans does not exist.', { planIds: 'Choose plans from the list.' });
  if (await missing('class_blueprint', rule.classTypeIds))
    throw badInput('One of the chosen class types does not exist.', { classTypeIds: 'Choose class types from the list.' });
  if (await missing('apparatus', rule.apparatusId ? [rule.apparatusId] : null))
    throw badInput('The chosen apparatus does not exist.', { apparatusId: 'Choose an apparatus from the list.' });
}
