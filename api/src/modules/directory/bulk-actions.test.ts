import { randomBytes } from 'node:crypto';
import { startTestApp, type TestApp } from '../../../test/app.js';
import { em, makeUser, Role, type MadeUser } from '../../../test/factories.js';
import { User } from '../users/user.entity.js';

let t: TestApp;
let admin: MadeUser;
beforeAll(async () => {
  t = await startTestApp();
  admin = await makeUser(t, { role: Role.admin });
});
afterAll(() => t.close());

const DEACTIVATE = `mutation($ids: [ID!], $all: Boolean, $search: String, $role: Role) {
  deactivateUsers(ids: $ids, allMatching: $all, search: $search, role: $role) { matched deactivated skippedSelf }
}`;
const deactivate = (variables: Record<string, unknown>, token = admin.token) => t.gql(DEACTIVATE, variables, { token });
const CSV = `query($ids: [ID!], $search: String) { usersCsv(ids: $ids, search: $search) }`;
const isActive = async (id: string) => (await em(t).findOneOrFail(User, { id })).isActive;

/** Accounts sharing a last name no other test uses, so a search finds exactly them. */
async function family(count: number, role = Role.student): Promise<{ name: string; people: MadeUser[] }> {
  const name = `Bulk${randomBytes(4).toString('hex')}`;
  const people: MadeUser[] = [];
  for (let i = 0; i < count; i += 1) people.push(await makeUser(t, { lastName: name, role }));
  return { name, people };
}

it('is refused to visitors and to anyone but admins', async () => {
  const { people } = await family(1);
  const ids = [people[0].user.id];
  expect((await t.gql(DEACTIVATE, { ids })).errors?.[0].extensions?.code).toBe('UNAUTHENTICATED');
  expect((await t.gql(CSV, { ids })).errors?.[0].extensions?.code).toBe('UNAUTHENTICATED');
  for (const role of [Role.student, Role.parent, Role.instructor, Role.teacher]) {
    const { token } = await makeUser(t, { role });
    expect((await deactivate({ ids }, token)).errors?.[0].extensions?.code).toBe('FORBIDDEN');
    expect((await t.gql(CSV, { ids }, { token })).errors?.[0].extensions?.code).toBe('FORBIDDEN');
  }
  expect(await isActive(ids[0])).toBe(true);
});

it('deactivates the checked rows, never the acting admin, and ends their sessions', async () => {
  const { people } = await family(3);
  const [a, b, c] = people;
  const res = await deactivate({ ids: [a.user.id, b.user.id, admin.user.id] });
  expect(res.errors).toBeUndefined();
  expect(res.data!.deactivateUsers).toEqual({ matched: 3, deactivated: 2, skippedSelf: true });
  expect([await isActive(a.user.id), await isActive(b.user.id), await isActive(c.user.id), await isActive(admin.user.id)]).toEqual([
    false,
    false,
    true,
    true,
  ]);
  expect((await t.gql(`{ me { id } }`, {}, { token: a.token })).errors?.[0].extensions?.code).toBe('UNAUTHENTICATED');
  expect((await t.gql(`{ me { id } }`, {}, { token: c.token })).data?.me.id).toBe(c.user.id);
  // Again: they are already deactivated.
  expect((await deactivate({ ids: [a.user.id, b.user.id] })).data!.deactivateUsers).toEqual({
    matched: 2,
    deactivated: 0,
    skippedSelf: false,
  });
});

it('deactivates all accounts matching the filters, the same set the users query counts', async () => {
  const { name, people } = await family(4);
  const teachers = await family(0);
  const teacher = await makeUser(t, { lastName: name, role: Role.teacher });
  const other = await makeUser(t, { lastName: teachers.name });
  const counted = await t.gql(
    `query($s: String, $r: Role) { users(search: $s, role: $r) { total } }`,
    { s: name, r: 'student' },
    { token: admin.token },
  );
  expect(counted.data!.users.total).toBe(4);
  const res = await deactivate({ all: true, search: name, role: 'student' });
  expect(res.data!.deactivateUsers).toEqual({ matched: 4, deactivated: 4, skippedSelf: false });
  for (const p of people) expect(await isActive(p.user.id)).toBe(false);
  expect(await isActive(teacher.user.id)).toBe(true);
  expect(await isActive(other.user.id)).toBe(true);
});

it('never deactivates the acting admin through a filter that matches them', async () => {
  const res = await deactivate({ all: true, search: admin.username });
  expect(res.data!.deactivateUsers).toEqual({ matched: 1, deactivated: 0, skippedSelf: true });
  expect(await isActive(admin.user.id)).toBe(true);
});

it('refuses an empty selection and one too long, with clear messages', async () => {
  const empty = await deactivate({ ids: [] });
  expect([empty.errors?.[0].extensions?.code, empty.errors?.[0].message]).toEqual([
    'BAD_USER_INPUT',
    'Select some accounts, or choose all that match the filters.',
  ]);
  expect((await deactivate({})).errors?.[0].extensions?.code).toBe('BAD_USER_INPUT');
  const tooMany = Array.from({ length: 1001 }, () => crypto.randomUUID());
  expect((await deactivate({ ids: tooMany })).errors?.[0].extensions?.code).toBe('BAD_USER_INPUT');
});

it('exports the checked rows, or all matching, as CSV', async () => {
  const { name, people } = await family(3);
  const selected = await t.gql(CSV, { ids: [people[0].user.id, people[2].user.id] }, { token: admin.token });
  const lines = (selected.data!.usersCsv as string).trim().split(/\r?\n/);
  expect(lines).toHaveLength(3);
  expect(
    lines
      .slice(1)
      .map((l) => l.split(',')[2])
      .sort(),
  ).toEqual([people[0].username, people[2].username].sort());
  const all = await t.gql(CSV, { search: name }, { token: admin.token });
  expect((all.data!.usersCsv as string).trim().split(/\r?\n/)).toHaveLength(4);
});
