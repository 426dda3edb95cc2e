import { startTestApp, type TestApp } from '../../../test/app.js';
import { eventually } from '../../../test/eventually.js';
import { birthdayForAge, makeUser, Role } from '../../../test/factories.js';
import type { DomainEventPayload } from '../../events/catalogue.js';

/** Everyone who joins is announced once, however they joined; a refused sign-up announces nothing. */
let t: TestApp;
const announced: DomainEventPayload<'member.created'>[] = [];
beforeAll(async () => {
  t = await startTestApp();
  // A handler as a module above users would register one (after commit, from the outbox).
  t.app.services.events.onFor('test')('member.created', 'afterCommit', async (_em, payload) => void announced.push(payload));
});
afterAll(() => t.close());

it('announces member.created for a sign-up, an account an admin makes and a child a parent adds', async () => {
  const REGISTER = `mutation($i: RegisterInput!) { register(input: $i) { user { id } } }`;
  const signUp = {
    firstName: 'Ivy',
    lastName: 'Moss',
    birthday: birthdayForAge(30),
    email: `ivy${Date.now()}@example.test`,
    username: `ivy${Date.now() % 100000}`,
    password: 'a-long-enough-passphrase',
  };
  const registered = (await t.gql(REGISTER, { i: signUp })).data!.register.user.id as string;
  // The same username again is refused: nothing is announced for it.
  expect((await t.gql(REGISTER, { i: { ...signUp, email: `other${signUp.email}` } })).errors?.[0].extensions?.code).toBe('CONFLICT');

  const admin = await makeUser(t, { role: Role.admin });
  const made = await t.gql(
    `mutation($i: CreateUserInput!) { createUser(input: $i) { id } }`,
    {
      i: {
        firstName: 'Nia',
        lastName: 'Cole',
        username: `nia${Date.now() % 100000}`,
        email: `nia${Date.now()}@example.test`,
        birthday: '1994-03-03',
        role: 'instructor',
        password: 'lyra-lessons-2026',
      },
    },
    { token: admin.token },
  );
  const parent = await makeUser(t, { role: Role.parent });
  const child = await t.gql(
    `mutation($i: FamilyMemberInput!) { addFamilyMember(input: $i) { id } }`,
    { i: { firstName: 'Leo', lastName: 'Moss', birthday: birthdayForAge(8) } },
    { token: parent.token },
  );

  await eventually(async () => expect(announced).toHaveLength(3));
  expect(announced).toEqual([
    { userId: registered, role: 'student', guardianId: null, via: 'registration' },
    { userId: made.data!.createUser.id, role: 'instructor', guardianId: null, via: 'admin' },
    { userId: child.data!.addFamilyMember.id, role: 'student', guardianId: parent.user.id, via: 'family' },
  ]);
});
