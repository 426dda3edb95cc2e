import { z } from 'zod';
import { requiredText, wholeNumber } from './text';

export const GROUP_KINDS = ['manual', 'rule'] as const;
export type GroupKindName = (typeof GROUP_KINDS)[number];

/** The roles and membership states a rule may name (the API's Role and MembershipStatus values). */
export const GROUP_RULE_ROLES = ['admin', 'instructor', 'teacher', 'parent', 'student'] as const;
export const GROUP_RULE_MEMBERSHIP_STATUSES = ['active', 'past_due', 'paused', 'suspended', 'canceled'] as const;
export const MAX_GROUP_RULE_IDS = 20;

export const groupName = requiredText('Give the group a name.', 100, 'At most 100 characters.');
export const groupDescription = z.string().max(500, 'At most 500 characters.');

const uuid = z.string().regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i, 'Choose from the list.');
const ids = (what: string) => z.array(uuid).max(MAX_GROUP_RULE_IDS, `At most ${MAX_GROUP_RULE_IDS} ${what}.`).nullish();

/**
 * A rule group's conditions: every condition given must hold (a list within one condition is "any of"). Ages are
 * whole years on the studio's today; days count back from now.
 */
export const groupRule = z
  .object({
    roles: z
      .array(z.enum(GROUP_RULE_ROLES, { message: 'Choose a role from the list.' }))
      .max(5)
      .nullish(),
    minAge: wholeNumber(0, 120, ' years').nullish(),
    maxAge: wholeNumber(0, 120, ' years').nullish(),
    planIds: ids('plans'),
    membershipStatuses: z
      .array(z.enum(GROUP_RULE_MEMBERSHIP_STATUSES, { message: 'Choose a membership state from the list.' }))
      .max(5)
      .nullish(),
    packClassesLeftAtMost: wholeNumber(0, 1000, ' classes').nullish(),
    visitedWithinDays: wholeNumber(1, 3650, ' days').nullish(),
    notVisitedForDays: wholeNumber(1, 3650, ' days').nullish(),
    waiverMissing: z.boolean().nullish(),
    classTypeIds: ids('class types'),
    bookedWithinDays: wholeNumber(1, 3650, ' days').nullish(),
    apparatusId: uuid.nullish(),
    minLevel: wholeNumber(1, 10).nullish(),
  })
  .superRefine((rule, ctx) => {
    const issue = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
    if (rule.minAge != null && rule.maxAge != null && rule.minAge > rule.maxAge) issue('maxAge', 'The oldest age is below the youngest.');
    if (rule.visitedWithinDays != null && rule.notVisitedForDays != null && rule.notVisitedForDays >= rule.visitedWithinDays)
      issue('notVisitedForDays', 'Nobody can have visited within those days and not since: shorten "not since".');
    if (rule.bookedWithinDays != null && !rule.classTypeIds?.length) issue('classTypeIds', 'Choose the class type they booked.');
    if ((rule.apparatusId == null) !== (rule.minLevel == null))
      issue(rule.apparatusId == null ? 'apparatusId' : 'minLevel', 'Choose both the apparatus and the level reached.');
    if (!describeGroupRule(rule).length) issue('roles', 'Give the rule at least one condition.');
  });

export type GroupRuleValue = z.infer<typeof groupRule>;

/** Names to show a rule's ids with (the plan, class type and apparatus names), by id. */
export type GroupRuleNames = Record<string, string>;

/** A rule in words, one phrase per condition ("students and parents", "aged 18 to 30", …). */
export function describeGroupRule(rule: GroupRuleValue, names: GroupRuleNames = {}): string[] {
  const name = (id: string) => names[id] ?? 'an unknown one';
  const list = (items: readonly string[]) =>
    items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} or ${items[items.length - 1]}`;
  const parts: string[] = [];
  if (rule.roles?.length) parts.push(`role ${list(rule.roles)}`);
  if (rule.minAge != null && rule.maxAge != null) parts.push(`aged ${rule.minAge} to ${rule.maxAge}`);
  else if (rule.minAge != null) parts.push(`aged ${rule.minAge} or over`);
  else if (rule.maxAge != null) parts.push(`aged ${rule.maxAge} or under`);
  if (rule.planIds?.length) parts.push(`on ${list(rule.planIds.map(name))}`);
  if (rule.membershipStatuses?.length) parts.push(`membership ${list(rule.membershipStatuses.map((s) => s.replace('_', ' ')))}`);
  if (rule.packClassesLeftAtMost != null) parts.push(`a pack with at most ${rule.packClassesLeftAtMost} classes left`);
  if (rule.visitedWithinDays != null) parts.push(`visited within ${rule.visitedWithinDays} days`);
  if (rule.notVisitedForDays != null) parts.push(`not visited for ${rule.notVisitedForDays} days`);
  if (rule.waiverMissing) parts.push('current waiver not signed');
  if (rule.classTypeIds?.length)
    parts.push(
      `booked ${list(rule.classTypeIds.map(name))}${rule.bookedWithinDays != null ? ` within ${rule.bookedWithinDays} days` : ''}`,
    );
  if (rule.apparatusId != null && rule.minLevel != null) parts.push(`level ${rule.minLevel} or above on ${name(rule.apparatusId)}`);
  return parts;
}
