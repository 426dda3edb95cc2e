import { startTestApp, type TestApp } from '../../../test/app.js';
import { makeUser, Role } from '../../../test/factories.js';

let t: TestApp;
let admin: Awaited<ReturnType<typeof makeUser>>;
beforeAll(async () => {
  t = await startTestApp();
  admin = await makeUser(t, { role: Role.admin });
});
afterAll(() => t.close());

const LIST = `query($page: Int, $pageSize: Int, $search: String, $role: Role, $sortField: UserSortField, $sortDirection: SortDirection, $isActive: Boolean) {
  users(page: $page, pageSize: $pageSize, search: $search, role: $role, sortField: $sortField, sortDirection: $sortDirection, isActive: $isActive) {
    total page pageSize items { id username firstName role isActive } } }`;

it('is admin only', async () => {
  expect((await t.gql(LIST)).errors?.[0].extensions?.code).toBe('UNAUTHENTICATED');
  const teacher = await makeUser(t, { role: Role.teacher });
  expect((await t.gql(LIST, {}, { token: teacher.token })).errors?.[0].extensions?.code).toBe('FORBIDDEN');
});

it('pages, sorts and filters on the server', async () => {
  const tag = `Zed${Date.now() % 10000}`;
  for (const name of ['Cara', 'Abe', 'Bea']) await makeUser(t, { firstName: `${tag}${name}`, role: Role.instructor });
  const page1 = await t.gql(LIST, { search: tag, sortField: 'firstName', sortDirection: 'DESC', pageSize: 2 }, { token: admin.token });
  expect(page1.data?.users).toMatchObject({ total: 3, page: 1, pageSize: 2 });
  expect(page1.data?.users.items.map((u: { firstName: string }) => u.firstName)).toEqual([`${tag}Cara`, `${tag}Bea`]);
  const page2 = await t.gql(
    LIST,
    { search: tag, sortField: 'firstName', sortDirection: 'DESC', pageSize: 2, page: 2 },
    { token: admin.token },
  );
  expect(page2.data?.users.items.map((u: { firstName: string }) => u.firstName)).toEqual([`${tag}Abe`]);
  const byRole = await t.gql(LIST, { search: tag, role: 'student' }, { token: admin.token });
  expect(byRole.data?.users.total).toBe(0);
  const tooBig = await t.gql(LIST, { pageSize: 500 }, { token: admin.token });
  expect(tooBig.errors?.[0].extensions).toMatchObject({ code: 'BAD_USER_INPUT', fields: { pageSize: 'Page size can be at most 100.' } });
});

it('treats search text literally (no LIKE wildcards)', async () => {
  const res = await t.gql(LIST, { search: '%' }, { token: admin.token });
  expect(res.data?.users.total).toBe(0);
});

it('creates, updates and re-roles users, refusing duplicates', async () => {
  const CREATE = `mutation($i: CreateUserInput!) { createUser(input: $i) { id username role } }`;
  const input = {
    firstName: 'Nia',
    lastName: 'Cole',
    username: `nia${Date.now() % 100000}`,
    email: `nia${Date.now()}@example.test`,
    birthday: '1994-03-03',
    role: 'instructor',
    password: 'lyra-lessons-2026',
  };
  const created = await t.gql(CREATE, { i: input }, { token: admin.token });
  expect(created.data?.createUser).toMatchObject({ username: input.username, role: 'instructor' });
  const dup = await t.gql(CREATE, { i: { ...input, email: 'other@example.test' } }, { token: admin.token });
  expect(dup.errors?.[0].extensions?.code).toBe('CONFLICT');
  const id = created.data?.createUser.id;
  const updated = await t.gql(
    `mutation($id: ID!) { updateUser(id: $id, input: { lastName: "Cole-Ray" }) { lastName } }`,
    { id },
    { token: admin.token },
  );
  expect(updated.data?.updateUser.lastName).toBe('Cole-Ray');
  const roled = await t.gql(`mutation($id: ID!) { setUserRole(id: $id, role: teacher) { role } }`, { id }, { token: admin.token });
  expect(roled.data?.setUserRole.role).toBe('teacher');
  const missing = await t.gql(
    `mutation { setUserRole(id: "00000000-0000-0000-0000-000000000000", role: teacher) { role } }`,
    {},
    { token: admin.token },
  );
  expect(missing.errors?.[0].extensions?.code).toBe('NOT_FOUND');
});

it('deactivates and reactivates, but never the admin themself', async () => {
  const member = await makeUser(t);
  const off = await t.gql(`mutation($id: ID!) { deactivateUser(id: $id) { isActive } }`, { id: member.user.id }, { token: admin.token });
  expect(off.data?.deactivateUser.isActive).toBe(false);
  const inactive = await t.gql(LIST, { search: member.username, isActive: false }, { token: admin.token });
  expect(inactive.data?.users.total).toBe(1);
  const on = await t.gql(`mutation($id: ID!) { reactivateUser(id: $id) { isActive } }`, { id: member.user.id }, { token: admin.token });
  expect(on.data?.reactivateUser.isActive).toBe(true);
  const self = await t.gql(`mutation($id: ID!) { deactivateUser(id: $id) { isActive } }`, { id: admin.user.id }, { token: admin.token });
  expect(self.errors?.[0].extensions?.code).toBe('FORBIDDEN');
  const demote = await t.gql(
    `mutation($id: ID!) { setUserRole(id: $id, role: student) { role } }`,
    { id: admin.user.id },
    { token: admin.token },
  );
  expect(demote.errors?.[0].extensions?.code).toBe('FORBIDDEN');
});

it('lets members edit their own profile with the same rules', async () => {
  const member = await makeUser(t);
  const UPDATE = `mutation($i: UpdateProfileInput!) { updateProfile(input: $i) { firstName email birthday } }`;
  const ok = await t.gql(UPDATE, { i: { firstName: 'Renamed', birthday: '1991-01-01' } }, { token: member.token });
  expect(ok.data?.updateProfile).toMatchObject({ firstName: 'Renamed', birthday: '1991-01-01' });
  const taken = await t.gql(UPDATE, { i: { email: admin.user.email!.toUpperCase() } }, { token: member.token });
  expect(taken.errors?.[0].extensions).toMatchObject({ code: 'CONFLICT', fields: { email: 'An account with that email already exists.' } });
});
