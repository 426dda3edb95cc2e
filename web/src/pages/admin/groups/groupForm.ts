import { GROUP_KINDS, GROUP_RULE_MEMBERSHIP_STATUSES, GROUP_RULE_ROLES, groupDescription, groupName, groupRule } from '@studio/rules';
import { z } from 'zod';
import type { GroupInput, GroupRuleInput, MembershipStatus, Role } from '../../../graphql/types';
import type { AdminGroupRowFragment } from './groups.generated';

/** The number fields of a rule, typed as text ('' is "not a condition"). */
const NUMBER_FIELDS = [
  'minAge',
  'maxAge',
  'packClassesLeftAtMost',
  'visitedWithinDays',
  'notVisitedForDays',
  'bookedWithinDays',
  'minLevel',
] as const;
type NumberField = (typeof NUMBER_FIELDS)[number];

/**
 * The create/edit form of a group: a name and, for a rule group, the rule's conditions. The conditions are checked
 * by the shared rule (the API's), their messages shown on the fields they name.
 */
export const groupForm = z
  .object({
    name: groupName,
    description: groupDescription,
    kind: z.enum(GROUP_KINDS),
    roles: z.array(z.enum(GROUP_RULE_ROLES)),
    membershipStatuses: z.array(z.enum(GROUP_RULE_MEMBERSHIP_STATUSES)),
    planIds: z.array(z.string()),
    classTypeIds: z.array(z.string()),
    apparatusId: z.string(),
    waiverMissing: z.boolean(),
    ...(Object.fromEntries(NUMBER_FIELDS.map((f) => [f, z.string()])) as Record<NumberField, z.ZodString>),
  })
  .superRefine((values, ctx) => {
    if (values.kind !== 'rule') return;
    for (const field of NUMBER_FIELDS)
      if (values[field].trim() && !/^\d+$/.test(values[field].trim()))
        ctx.addIssue({ code: 'custom', path: [field], message: 'Enter a whole number.' });
    const checked = groupRule.safeParse(ruleInput(values));
    if (!checked.success)
      for (const issue of checked.error.issues)
        ctx.addIssue({ code: 'custom', path: issue.path.length ? issue.path : ['roles'], message: issue.message });
  });

export type GroupValues = z.input<typeof groupForm>;

const number = (text: string) => (/^\d+$/.test(text.trim()) ? Number(text.trim()) : null);
const list = <T>(items: readonly T[]) => (items.length ? [...items] : null);

/** The form's conditions as the API's rule (the conditions not given left out). */
export function ruleInput(v: GroupValues): GroupRuleInput {
  return {
    roles: list(v.roles as Role[]),
    membershipStatuses: list(v.membershipStatuses as MembershipStatus[]),
    planIds: list(v.planIds),
    classTypeIds: list(v.classTypeIds),
    apparatusId: v.apparatusId || null,
    waiverMissing: v.waiverMissing || null,
    ...(Object.fromEntries(NUMBER_FIELDS.map((f) => [f, number(v[f])])) as Record<NumberField, number | null>),
  };
}

export function groupInput(v: GroupValues): GroupInput {
  return { name: v.name.trim(), description: v.description.trim(), rule: v.kind === 'rule' ? ruleInput(v) : null };
}

export const EMPTY_GROUP: GroupValues = {
  name: '',
  description: '',
  kind: 'rule',
  roles: [],
  membershipStatuses: [],
  planIds: [],
  classTypeIds: [],
  apparatusId: '',
  waiverMissing: false,
  ...(Object.fromEntries(NUMBER_FIELDS.map((f) => [f, ''])) as Record<NumberField, string>),
};

/** A saved group as the form's values. */
export function groupValues(group: AdminGroupRowFragment): GroupValues {
  const r = group.rule;
  const text = (n: number | null | undefined) => (n === null || n === undefined ? '' : String(n));
  return {
    name: group.name,
    description: group.description,
    kind: group.kind,
    roles: r?.roles ?? [],
    membershipStatuses: r?.membershipStatuses ?? [],
    planIds: r?.planIds ?? [],
    classTypeIds: r?.classTypeIds ?? [],
    apparatusId: r?.apparatusId ?? '',
    waiverMissing: r?.waiverMissing ?? false,
    ...(Object.fromEntries(NUMBER_FIELDS.map((f) => [f, text(r?.[f])])) as Record<NumberField, string>),
  };
}
