import { startTestApp, type TestApp } from '../../../test/app.js';
import { makeClass } from '../../../test/classes.js';
import { em, makeUser, Role } from '../../../test/factories.js';
import { User } from '../users/user.entity.js';
import { Apparatus } from './apparatus.entity.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const UPDATE = `mutation($id: ID!, $input: InstructorProfileInput!) {
  updateInstructorProfile(userId: $id, input: $input) { id bio apparatuses { name } } }`;
const DETAILS = `query($id: ID!) { classInstance(id: $id) { instructor { id name bio photoUrl apparatuses { name } } } }`;
const apparatusIds = async (...names: string[]) => (await em(t).find(Apparatus, { name: { $in: names } })).map((a) => a.id);

describe('instructor profiles', () => {
  it('shows the bio and the apparatus taught on class details, to anyone', async () => {
    const instructor = await makeUser(t, { role: Role.instructor, firstName: 'Iris' });
    const c = await makeClass(t, { instructorId: instructor.user.id });
    expect((await t.gql(DETAILS, { id: c.id })).data?.classInstance.instructor).toMatchObject({ bio: '', photoUrl: null, apparatuses: [] });
    const saved = await t.gql(
      UPDATE,
      { id: instructor.user.id, input: { bio: '  Eight years on silks.  ', apparatusIds: await apparatusIds('Lyra', 'Silks') } },
      { token: instructor.token },
    );
    // Apparatus in the studio's display order (silks first), the bio trimmed.
    expect(saved.data?.updateInstructorProfile).toEqual({
      id: instructor.user.id,
      bio: 'Eight years on silks.',
      apparatuses: [{ name: 'Silks' }, { name: 'Lyra' }],
    });
    expect((await t.gql(DETAILS, { id: c.id })).data?.classInstance.instructor).toMatchObject({
      bio: 'Eight years on silks.',
      apparatuses: [{ name: 'Silks' }, { name: 'Lyra' }],
    });
    const schedule = await t.gql(`query($d: String!) { classSchedule(from: $d, to: $d) { id instructor { bio apparatuses { name } } } }`, {
      d: c.date,
    });
    expect(schedule.data?.classSchedule.find((row: { id: string }) => row.id === c.id).instructor).toEqual({
      bio: 'Eight years on silks.',
      apparatuses: [{ name: 'Silks' }, { name: 'Lyra' }],
    });
    const listed = await t.gql(`{ instructors { id bio apparatuses { name } } }`);
    expect(listed.data?.instructors).toContainEqual({
      id: instructor.user.id,
      bio: 'Eight years on silks.',
      apparatuses: [{ name: 'Silks' }, { name: 'Lyra' }],
    });
    const one = await t.gql(`query($id: ID!) { instructor(id: $id) { name bio apparatuses { name } } }`, { id: instructor.user.id });
    expect(one.data?.instructor).toMatchObject({ bio: 'Eight years on silks.', apparatuses: [{ name: 'Silks' }, { name: 'Lyra' }] });
    // Saving again replaces the list.
    await t.gql(UPDATE, { id: instructor.user.id, input: { bio: '', apparatusIds: [] } }, { token: instructor.token });
    expect((await t.gql(DETAILS, { id: c.id })).data?.classInstance.instructor).toMatchObject({ bio: '', apparatuses: [] });
  });

  it('lets admins edit any instructor, not members; other staff only their own', async () => {
    const teacher = await makeUser(t, { role: Role.teacher });
    const instructor = await makeUser(t, { role: Role.instructor });
    const admin = await makeUser(t, { role: Role.admin });
    const student = await makeUser(t);
    const input = { bio: 'Kids and beginners.', apparatusIds: await apparatusIds('Hammock') };
    const code = async (id: string, token?: string) => (await t.gql(UPDATE, { id, input }, { token })).errors?.[0].extensions?.code;
    expect(await code(teacher.user.id)).toBe('UNAUTHENTICATED');
    expect(await code(teacher.user.id, student.token)).toBe('FORBIDDEN');
    expect(await code(teacher.user.id, instructor.token)).toBe('FORBIDDEN');
    expect(await code(student.user.id, admin.token)).toBe('NOT_FOUND');
    expect((await t.gql(UPDATE, { id: teacher.user.id, input }, { token: admin.token })).data?.updateInstructorProfile.bio).toBe(
      'Kids and beginners.',
    );
  });

  it('checks the bio and the apparatus with the shared rules', async () => {
    const instructor = await makeUser(t, { role: Role.instructor });
    const long = await t.gql(
      UPDATE,
      { id: instructor.user.id, input: { bio: 'x'.repeat(1001), apparatusIds: [] } },
      { token: instructor.token },
    );
    expect(long.errors?.[0].extensions).toMatchObject({ code: 'BAD_USER_INPUT', fields: { bio: 'Use at most 1,000 characters.' } });
    const unknown = await t.gql(
      UPDATE,
      { id: instructor.user.id, input: { bio: '', apparatusIds: ['00000000-0000-4000-8000-000000000000'] } },
      { token: instructor.token },
    );
    expect(unknown.errors?.[0].extensions).toMatchObject({
      code: 'BAD_USER_INPUT',
      fields: { apparatusIds: 'Choose apparatus from the list.' },
    });
  });

  it('hides the profile of someone who no longer teaches', async () => {
    const instructor = await makeUser(t, { role: Role.instructor });
    const c = await makeClass(t, { instructorId: instructor.user.id });
    await t.gql(
      UPDATE,
      { id: instructor.user.id, input: { bio: 'Hello', apparatusIds: await apparatusIds('Pole') } },
      { token: instructor.token },
    );
    await em(t).nativeUpdate(User, { id: instructor.user.id }, { role: Role.student });
    expect((await t.gql(DETAILS, { id: c.id })).data?.classInstance.instructor).toMatchObject({ bio: '', photoUrl: null, apparatuses: [] });
    const listed = await t.gql(`query($d: String!) { classSchedule(from: $d, to: $d) { id instructor { bio } } }`, { d: c.date });
    expect(listed.data?.classSchedule.find((row: { id: string }) => row.id === c.id).instructor.bio).toBe('');
    const gone = await t.gql(`query($id: ID!) { instructor(id: $id) { id } }`, { id: instructor.user.id });
    expect(gone.errors?.[0].extensions?.code).toBe('NOT_FOUND');
  });
});
