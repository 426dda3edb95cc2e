import { randomBytes, randomUUID } from 'node:crypto';
import { startTestApp, type TestApp } from '../../../test/app.js';
import {
  buildBooking,
  buildClassPack,
  buildMembership,
  buildMembershipPlan,
  em,
  makeClass,
  makeUser,
  Role,
  type MadeUser,
} from '../../../test/factories.js';
import { BookingStatus } from '../bookings/booking.entity.js';
import { Apparatus } from '../classes/apparatus.entity.js';
import { MembershipStatus } from '../memberships/membership.entity.js';
import { LevelPlacement } from '../moves/move-progress.entity.js';
import { User } from '../users/user.entity.js';

let t: TestApp;
let admin: MadeUser;
beforeAll(async () => {
  t = await startTestApp();
  admin = await makeUser(t, { role: Role.admin });
});
afterAll(() => t.close());

const GROUP_FIELDS = 'id name kind archivedAt memberCount memberCountIsEstimate rule { roles minAge maxAge planIds classTypeIds minLevel }';
const CREATE = `mutation($input: GroupInput!) { createGroup(input: $input) { ${GROUP_FIELDS} } }`;
const ADD = `mutation($group: ID!, $ids: [ID!], $all: Boolean, $search: String, $role: Role) {
  addToGroup(groupId: $group, ids: $ids, allMatching: $all, search: $search, role: $role) { matched changed } }`;
const REMOVE = `mutation($group: ID!, $ids: [ID!]) { removeFromGroup(groupId: $group, ids: $ids) { matched changed } }`;
const MEMBERS = `query($group: ID, $ids: [ID!]) { users(group: $group, ids: $ids, pageSize: 100) { total items { id } } }`;

async function gql(query: string, variables: Record<string, unknown> = {}, token = admin.token) {
  const res = await t.gql(query, variables, { token });
  if (res.errors) throw new Error(JSON.stringify(res.errors));
  return res.data!;
}
const create = async (input: Record<string, unknown>) => (await gql(CREATE, { input })).createGroup as { id: string; memberCount: number };
const refusal = async (query: string, variables: Record<string, unknown>, token = admin.token) => {
  const res = await t.gql(query, variables, { token });
  return [res.errors?.[0].extensions?.code, res.errors?.[0].message] as [string | undefined, string | undefined];
};

/** Of `people`, the ones in the group (the users table filtered by it, narrowed to them). */
async function membersAmong(groupId: string, people: { user: User }[]): Promise<Set<string>> {
  const data = await gql(MEMBERS, { group: groupId, ids: people.map((p) => p.user.id) });
  return new Set((data.users.items as { id: string }[]).map((i) => i.id));
}
/** Which of the named people a rule picks, by name. */
async function picked(rule: Record<string, unknown>, people: Record<string, MadeUser>): Promise<string[]> {
  const group = await create({ name: `Rule ${randomBytes(3).toString('hex')}`, rule });
  const members = await membersAmong(group.id, Object.values(people));
  return Object.entries(people)
    .filter(([, p]) => members.has(p.user.id))
    .map(([name]) => name)
    .sort();
}
async function setUser(id: string, sql: string, params: unknown[] = []) {
  await em(t)
    .getConnection()
    .execute(`update app_user set ${sql} where id = ?`, [...params, id]);
}
const yearsBefore = (day: string, years: number, days = 0) => {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCFullYear(d.getUTCFullYear() - years);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
};

it('is refused to visitors and to anyone but admins', async () => {
  const group = await create({ name: 'Staff only' });
  const reads = [`{ groups { id } }`, `query($id: ID!) { group(id: $id) { id } }`];
  expect((await t.gql(reads[0])).errors?.[0].extensions?.code).toBe('UNAUTHENTICATED');
  for (const role of [Role.student, Role.parent, Role.instructor, Role.teacher]) {
    const { token } = await makeUser(t, { role });
    for (const q of reads) expect((await refusal(q, { id: group.id }, token))[0]).toBe('FORBIDDEN');
    expect((await refusal(CREATE, { input: { name: 'Nope' } }, token))[0]).toBe('FORBIDDEN');
    expect((await refusal(ADD, { group: group.id, ids: [admin.user.id] }, token))[0]).toBe('FORBIDDEN');
    expect((await refusal(MEMBERS, { group: group.id }, token))[0]).toBe('FORBIDDEN');
  }
});

it('refuses bad names, bad rules and unknown ids with clear messages', async () => {
  expect(await refusal(CREATE, { input: { name: 'a\u0000b' } })).toEqual(['BAD_USER_INPUT', expect.any(String)]);
  expect((await refusal(CREATE, { input: { name: 'a\ud800b' } }))[0]).toBe('BAD_USER_INPUT');
  expect(await refusal(CREATE, { input: { name: 'x'.repeat(10_000) } })).toEqual(['BAD_USER_INPUT', expect.any(String)]);
  expect((await t.gql(CREATE, { input: { name: '   ' } }, { token: admin.token })).errors?.[0].extensions?.fields).toEqual({
    name: 'Give the group a name.',
  });
  const fields = async (rule: Record<string, unknown>) =>
    (await t.gql(CREATE, { input: { name: 'Rule', rule } }, { token: admin.token })).errors?.[0].extensions?.fields;
  expect(await fields({})).toEqual({ rule: 'Give the rule at least one condition.' });
  expect(await fields({ minAge: 30, maxAge: 20 })).toEqual({ rule: 'The oldest age is below the youngest.' });
  expect(await fields({ minLevel: 2 })).toEqual({ rule: 'Choose both the apparatus and the level reached.' });
  expect(await fields({ visitedWithinDays: 0 })).toEqual({ rule: 'Between 1 and 3650 days.' });
  expect(await refusal(CREATE, { input: { name: 'Rule', rule: { planIds: [randomUUID()] } } })).toEqual([
    'BAD_USER_INPUT',
    'One of the chosen plans does not exist.',
  ]);
  expect(await refusal(CREATE, { input: { name: 'Rule', rule: { classTypeIds: [randomUUID()] } } })).toEqual([
    'BAD_USER_INPUT',
    'One of the chosen class types does not exist.',
  ]);
  expect((await refusal(CREATE, { input: { name: 'Rule', rule: { planIds: ['not-an-id'] } } }))[0]).toBe('BAD_USER_INPUT');
  expect((await refusal(`query($id: ID!) { group(id: $id) { id } }`, { id: randomUUID() }))[0]).toBe('NOT_FOUND');
  expect((await refusal(MEMBERS, { group: randomUUID() }))[0]).toBe('NOT_FOUND');
  expect((await refusal(ADD, { group: randomUUID(), ids: [admin.user.id] }))[0]).toBe('NOT_FOUND');
});

it('picks people by role and by age on the studio’s today, the birthday itself included', async () => {
  const today = t.app.services.users.today();
  const people = {
    turns18: await makeUser(t),
    turns18tomorrow: await makeUser(t),
    is30: await makeUser(t),
    turns31: await makeUser(t),
    parent: await makeUser(t, { role: Role.parent }),
  };
  await setUser(people.turns18.user.id, 'birthday = ?', [yearsBefore(today, 18)]);
  await setUser(people.turns18tomorrow.user.id, 'birthday = ?', [yearsBefore(today, 18, 1)]);
  await setUser(people.is30.user.id, 'birthday = ?', [yearsBefore(today, 30, -200)]);
  await setUser(people.turns31.user.id, 'birthday = ?', [yearsBefore(today, 31)]);
  await setUser(people.parent.user.id, 'birthday = ?', [yearsBefore(today, 40)]);
  expect(await picked({ minAge: 18 }, people)).toEqual(['is30', 'parent', 'turns18', 'turns31']);
  expect(await picked({ maxAge: 17 }, people)).toEqual(['turns18tomorrow']);
  expect(await picked({ minAge: 18, maxAge: 30 }, people)).toEqual(['is30', 'turns18']);
  expect(await picked({ roles: ['parent'] }, people)).toEqual(['parent']);
  expect(await picked({ roles: ['student', 'parent'], minAge: 31 }, people)).toEqual(['parent', 'turns31']);
});

it('picks people by membership plan and state, and by packs running out', async () => {
  const plan = await buildMembershipPlan(t);
  const other = await buildMembershipPlan(t);
  const people = {
    onPlan: await makeUser(t),
    onPlanPaused: await makeUser(t),
    onOther: await makeUser(t),
    cancelled: await makeUser(t),
    packLow: await makeUser(t),
    packFull: await makeUser(t),
    packExpired: await makeUser(t),
  };
  await buildMembership(t, { holder: people.onPlan.user, plan });
  await buildMembership(t, { holder: people.onPlanPaused.user, plan, status: MembershipStatus.paused });
  await buildMembership(t, { holder: people.onOther.user, plan: other });
  await buildMembership(t, { holder: people.cancelled.user, plan, status: MembershipStatus.canceled });
  await buildClassPack(t, { owner: people.packLow.user, classes: 10, used: 8 });
  await buildClassPack(t, { owner: people.packFull.user, classes: 10, used: 2 });
  await buildClassPack(t, { owner: people.packExpired.user, classes: 10, used: 9, expiresAt: new Date(Date.now() - 60_000) });
  expect(await picked({ planIds: [plan.id] }, people)).toEqual(['onPlan', 'onPlanPaused']);
  expect(await picked({ planIds: [plan.id], membershipStatuses: ['active'] }, people)).toEqual(['onPlan']);
  expect(await picked({ membershipStatuses: ['canceled'] }, people)).toEqual(['cancelled']);
  expect(await picked({ planIds: [plan.id, other.id], membershipStatuses: ['active'] }, people)).toEqual(['onOther', 'onPlan']);
  expect(await picked({ packClassesLeftAtMost: 2 }, people)).toEqual(['packLow']);
  expect(await picked({ packClassesLeftAtMost: 8 }, people)).toEqual(['packFull', 'packLow']);
});

it('picks people by last visit at the day’s boundary, by waiver and by class type booked', async () => {
  const people = {
    visited9d: await makeUser(t, { signed: true }),
    visited10dAgoJustIn: await makeUser(t, { signed: true }),
    visited10dAgoJustOut: await makeUser(t),
    never: await makeUser(t),
  };
  await setUser(people.visited9d.user.id, `last_visit_at = now() - interval '9 days'`);
  await setUser(people.visited10dAgoJustIn.user.id, `last_visit_at = now() - interval '10 days' + interval '1 minute'`);
  await setUser(people.visited10dAgoJustOut.user.id, `last_visit_at = now() - interval '10 days' - interval '1 minute'`);
  expect(await picked({ visitedWithinDays: 10 }, people)).toEqual(['visited10dAgoJustIn', 'visited9d']);
  expect(await picked({ notVisitedForDays: 10 }, people)).toEqual(['never', 'visited10dAgoJustOut']);
  expect(await picked({ waiverMissing: true }, people)).toEqual(['never', 'visited10dAgoJustOut']);
  expect(await picked({ waiverMissing: true, notVisitedForDays: 5, visitedWithinDays: 30 }, people)).toEqual(['visited10dAgoJustOut']);

  const recent = await makeClass(t, { startsInMinutes: -3 * 24 * 60 });
  const old = await makeClass(t, { startsInMinutes: -40 * 24 * 60 });
  const booked = {
    recent: await makeUser(t),
    old: await makeUser(t),
    cancelled: await makeUser(t),
    upcoming: await makeUser(t),
  };
  await buildBooking(t, { classInstance: recent, attendee: booked.recent.user });
  await buildBooking(t, { classInstance: old, attendee: booked.old.user });
  await buildBooking(t, { classInstance: recent, attendee: booked.cancelled.user, status: BookingStatus.cancelled });
  const sameType = await em(t)
    .getConnection()
    .execute<{ id: string }[]>(
      `insert into class_instance (id, blueprint_id, date, start_time, end_time, starts_at, ends_at, instructor_id, capacity)
     select gen_random_uuid(), blueprint_id, date + 14, start_time, end_time, starts_at + interval '14 days', ends_at + interval '14 days', instructor_id, capacity
       from class_instance where id = ? returning id`,
      [recent.id],
    );
  await buildBooking(t, { classInstance: sameType[0].id, attendee: booked.upcoming.user });
  const types = [recent.blueprint.id, old.blueprint.id];
  expect(await picked({ classTypeIds: types }, booked)).toEqual(['old', 'recent', 'upcoming']);
  expect(await picked({ classTypeIds: types, bookedWithinDays: 30 }, booked)).toEqual(['recent', 'upcoming']);
  expect(await picked({ classTypeIds: [old.blueprint.id] }, booked)).toEqual(['old']);
});

it('picks people by the level they have reached on an apparatus (as moves computes it)', async () => {
  const e = em(t);
  const lyra = await e.findOneOrFail(Apparatus, { name: 'Lyra' });
  const silks = await e.findOneOrFail(Apparatus, { name: 'Silks' });
  const people = { level3: await makeUser(t), level1: await makeUser(t), silks3: await makeUser(t), none: await makeUser(t) };
  for (const [who, apparatus, level] of [
    [people.level3, lyra, 3],
    [people.level1, lyra, 1],
    [people.silks3, silks, 3],
  ] as const)
    e.create(LevelPlacement, { student: who.user.id, apparatus: apparatus.id, level, by: admin.user.id, reason: 'test' });
  await e.flush();
  expect(await picked({ apparatusId: lyra.id, minLevel: 2 }, people)).toEqual(['level3']);
  expect(await picked({ apparatusId: lyra.id, minLevel: 1 }, people)).toEqual(['level1', 'level3']);
  expect(await picked({ apparatusId: silks.id, minLevel: 2, roles: ['student'] }, people)).toEqual(['silks3']);
});

it('adds and removes members of a manual group, once however often, and refuses a rule group', async () => {
  const group = await create({ name: 'Performers' });
  const a = await makeUser(t);
  const b = await makeUser(t);
  expect((await gql(ADD, { group: group.id, ids: [a.user.id, b.user.id] })).addToGroup).toEqual({ matched: 2, changed: 2 });
  // A double click, or two tabs at once: still one row each.
  const twice = await Promise.all([1, 2, 3].map(() => gql(ADD, { group: group.id, ids: [a.user.id] })));
  expect(twice.map((r) => r.addToGroup.changed)).toEqual([0, 0, 0]);
  const again = await Promise.all([1, 2].map(() => gql(ADD, { group: group.id, ids: [admin.user.id] })));
  expect(again.map((r) => r.addToGroup.changed).sort()).toEqual([0, 1]);
  const [{ n }] = await em(t)
    .getConnection()
    .execute<{ n: number }[]>(`select count(*)::int as n from group_member where group_id = ?`, [group.id]);
  expect(n).toBe(3);
  expect((await gql(`query($id: ID!) { group(id: $id) { memberCount memberCountIsEstimate } }`, { id: group.id })).group).toEqual({
    memberCount: 3,
    memberCountIsEstimate: false,
  });
  expect((await gql(REMOVE, { group: group.id, ids: [a.user.id, admin.user.id] })).removeFromGroup).toEqual({ matched: 2, changed: 2 });
  expect([...(await membersAmong(group.id, [a, b, admin]))]).toEqual([b.user.id]);

  const rule = await create({ name: 'All students', rule: { roles: ['student'] } });
  expect(await refusal(ADD, { group: rule.id, ids: [a.user.id] })).toEqual([
    'BAD_USER_INPUT',
    '“All students” is a rule group: its members are whoever matches its rule, so you cannot add to it by hand.',
  ]);
  expect((await refusal(ADD, { group: group.id, ids: [] }))[1]).toBe('Select some accounts, or choose all that match the filters.');
  await gql(`mutation($id: ID!) { archiveGroup(id: $id) { id } }`, { id: group.id });
  expect((await refusal(ADD, { group: group.id, ids: [a.user.id] }))[1]).toBe('“Performers” is archived: restore it first.');
  expect((await gql(`{ groups(archived: true) { id } }`)).groups.map((g: { id: string }) => g.id)).toContain(group.id);
  expect((await gql(`{ groups { id } }`)).groups.map((g: { id: string }) => g.id)).not.toContain(group.id);
  await gql(`mutation($id: ID!) { restoreGroup(id: $id) { id } }`, { id: group.id });
  expect((await gql(ADD, { group: group.id, ids: [a.user.id] })).addToGroup.changed).toBe(1);
});

it('adds every account matching the users table’s filters, the same set the users query shows', async () => {
  const name = `Grp${randomBytes(4).toString('hex')}`;
  const students = [await makeUser(t, { lastName: name }), await makeUser(t, { lastName: name }), await makeUser(t, { lastName: name })];
  const teacher = await makeUser(t, { lastName: name, role: Role.teacher });
  const group = await create({ name: 'Filtered' });
  expect((await gql(ADD, { group: group.id, all: true, search: name, role: 'student' })).addToGroup).toEqual({ matched: 3, changed: 3 });
  const members = await gql(MEMBERS, { group: group.id });
  expect(members.users.total).toBe(3);
  expect((members.users.items as { id: string }[]).map((i) => i.id).sort()).toEqual(students.map((s) => s.user.id).sort());
  expect(await membersAmong(group.id, [teacher])).toEqual(new Set());
  // A group filter is itself a filter of the users table: "all matching" a group adds its members to another.
  const copy = await create({ name: 'Copy' });
  expect(
    (
      await t.gql(
        `mutation($g: ID!, $from: ID) { addToGroup(groupId: $g, allMatching: true, group: $from) { matched changed } }`,
        { g: copy.id, from: group.id },
        { token: admin.token },
      )
    ).data!.addToGroup,
  ).toEqual({ matched: 3, changed: 3 });
});

it('edits a rule group’s rule and keeps each group’s kind', async () => {
  const group = await create({ name: 'Young', rule: { maxAge: 20 } });
  const UPDATE = `mutation($id: ID!, $input: GroupInput!) { updateGroup(id: $id, input: $input) { name kind rule { minAge maxAge } } }`;
  expect((await gql(UPDATE, { id: group.id, input: { name: 'Adults', rule: { minAge: 18 } } })).updateGroup).toEqual({
    name: 'Adults',
    kind: 'rule',
    rule: { minAge: 18, maxAge: null },
  });
  expect((await refusal(UPDATE, { id: group.id, input: { name: 'Adults' } }))[1]).toBe('A rule group needs its conditions.');
  const manual = await create({ name: 'Hand-picked' });
  expect((await refusal(UPDATE, { id: manual.id, input: { name: 'x', rule: { minAge: 1 } } }))[1]).toBe(
    'A manual group has no rule: make a rule group instead.',
  );
});

it('streams a group’s member ids in pages, in id order', async () => {
  const group = await create({ name: 'Stream' });
  const people = [];
  for (let i = 0; i < 7; i += 1) people.push(await makeUser(t));
  await gql(ADD, { group: group.id, ids: people.map((p) => p.user.id) });
  const pages: string[][] = [];
  for await (const page of t.app.services.groups.memberIds(em(t), group.id, 3)) pages.push(page);
  expect(pages.map((p) => p.length)).toEqual([3, 3, 1]);
  expect(pages.flat()).toEqual(people.map((p) => p.user.id).sort());
});

it('re-points memberships on a member merge, one row where both were in the group', async () => {
  const both = await create({ name: 'Both' });
  const onlyDup = await create({ name: 'Only the duplicate' });
  const kept = await makeUser(t);
  const dup = await makeUser(t);
  await gql(ADD, { group: both.id, ids: [kept.user.id, dup.user.id] });
  await gql(ADD, { group: onlyDup.id, ids: [dup.user.id] });
  const merged = await t.gql(
    `mutation($kept: ID!, $merged: ID!) { mergeMembers(keptId: $kept, mergedId: $merged) { moved { table rows } } }`,
    { kept: kept.user.id, merged: dup.user.id },
    { token: admin.token },
  );
  expect(merged.errors).toBeUndefined();
  expect(merged.data!.mergeMembers.moved).toContainEqual({ table: 'group_member', rows: 1 });
  const rows = await em(t)
    .getConnection()
    .execute<{ group_id: string; user_id: string }[]>(`select group_id, user_id from group_member where user_id in (?, ?)`, [
      kept.user.id,
      dup.user.id,
    ]);
  expect(rows.map((r) => [r.group_id, r.user_id]).sort()).toEqual(
    [
      [both.id, kept.user.id],
      [onlyDup.id, kept.user.id],
    ].sort(),
  );
});

it('scopes the other bulk actions to a group too: deactivating all matching a group touches only its members', async () => {
  const group = await create({ name: 'Leaving' });
  const inside = await makeUser(t);
  const outside = await makeUser(t);
  await gql(ADD, { group: group.id, ids: [inside.user.id] });
  const res = await gql(`mutation($g: ID) { deactivateUsers(allMatching: true, group: $g) { matched deactivated } }`, { g: group.id });
  expect(res.deactivateUsers).toEqual({ matched: 1, deactivated: 1 });
  const e = em(t);
  expect((await e.findOneOrFail(User, inside.user.id)).isActive).toBe(false);
  expect((await e.findOneOrFail(User, outside.user.id)).isActive).toBe(true);
  // A deactivated account is no member of any group (groups reach people who can be reached).
  expect((await gql(`query($id: ID!) { group(id: $id) { memberCount } }`, { id: group.id })).group.memberCount).toBe(0);
});
