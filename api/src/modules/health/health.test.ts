import { startTestApp, type TestApp } from '../../../test/app.js';
import { makeClass } from '../../../test/classes.js';
import { buildBooking, em, makeApiKey, makeFamilyMember, makeUser, Role } from '../../../test/factories.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const DETAILS = 'allergies medicalNotes emergencyContactName emergencyContactPhone emergencyContactRelationship';
const UPDATE = `mutation($p: ID!, $i: HealthDetailsInput!) { updateHealthDetails(personId: $p, input: $i) { id health { ${DETAILS} } } }`;
const FAMILY = `{ profile { id health { allergies } familyMembers { id health { ${DETAILS} } } } }`;
const ROSTER = `query($c: ID!) { classRoster(classInstanceId: $c) { attendee { id health { allergies } } attendeeHealth { ${DETAILS} } } }`;

const details = {
  allergies: 'Peanuts (carries an EpiPen)',
  medicalNotes: 'Mild asthma: inhaler in her bag',
  emergencyContactName: 'Rosa Lee',
  emergencyContactPhone: '+1 (555) 010-2000',
  emergencyContactRelationship: 'Grandmother',
};

/** A parent, their 9-year-old and a class taught by its own instructor that the child is booked into. */
async function childOnRoster(opts: { startsInMinutes?: number } = {}) {
  const parent = await makeUser(t, { role: Role.parent });
  const child = await makeFamilyMember(t, parent.user, 9, 'Mia');
  const instructor = await makeUser(t, { role: Role.instructor });
  const c = await makeClass(t, { instructorId: instructor.user.id, startsInMinutes: opts.startsInMinutes });
  await buildBooking(t, { classInstance: c.id, attendee: child.id, bookedBy: parent.user.id });
  return { parent, child, instructor, c };
}

it("lets a parent record a child's details, which the instructor sees on the roster and another parent never", async () => {
  const { parent, child, instructor, c } = await childOnRoster();
  const saved = await t.gql(UPDATE, { p: child.id, i: { ...details, allergies: `  ${details.allergies} ` } }, { token: parent.token });
  expect(saved.errors).toBeUndefined();
  expect(saved.data?.updateHealthDetails.health).toEqual(details);

  const family = await t.gql(FAMILY, {}, { token: parent.token });
  expect(family.data?.profile.familyMembers).toEqual([{ id: child.id, health: details }]);
  // The family's own data download carries them.
  const download = await fetch(`${t.url}/api/export/my-data.json`, { headers: { authorization: `Bearer ${parent.token}` } });
  const data = (await download.json()) as Record<string, Record<string, string>[]>;
  expect(data['health-details']).toEqual([expect.objectContaining({ person_id: child.id, allergies: details.allergies })]);

  const roster = await t.gql(ROSTER, { c: c.id }, { token: instructor.token });
  expect(roster.errors).toBeUndefined();
  expect(roster.data?.classRoster).toEqual([{ attendee: { id: child.id, health: null }, attendeeHealth: details }]);

  // Another instructor cannot read that roster, and another family's parent cannot change or read the child's details.
  const other = await makeUser(t, { role: Role.instructor });
  expect((await t.gql(ROSTER, { c: c.id }, { token: other.token })).errors?.[0].extensions?.code).toBe('FORBIDDEN');
  const stranger = await makeUser(t, { role: Role.parent });
  const refused = await t.gql(UPDATE, { p: child.id, i: { allergies: 'None' } }, { token: stranger.token });
  expect(refused.errors?.[0]).toMatchObject({ message: 'That person was not found.', extensions: { code: 'NOT_FOUND' } });
  const lookup = await t.gql(`query($id: ID!) { user(id: $id) { health { allergies } } }`, { id: child.id }, { token: stranger.token });
  expect(lookup.errors?.[0].extensions?.code).toBe('FORBIDDEN');
  expect((await t.gql(FAMILY, {}, { token: stranger.token })).data?.profile).toMatchObject({ health: null, familyMembers: [] });
});

it('lets a member keep their own details, and admins read them', async () => {
  const member = await makeUser(t);
  const saved = await t.gql(UPDATE, { p: member.user.id, i: { allergies: 'Latex' } }, { token: member.token });
  expect(saved.data?.updateHealthDetails.health).toMatchObject({ allergies: 'Latex', medicalNotes: '' });
  const admin = await makeUser(t, { role: Role.admin });
  const read = await t.gql(`query($id: ID!) { user(id: $id) { health { allergies } } }`, { id: member.user.id }, { token: admin.token });
  expect(read.data?.user.health).toEqual({ allergies: 'Latex' });
  // All empty clears them: no row is left.
  const cleared = await t.gql(UPDATE, { p: member.user.id, i: { allergies: ' ' } }, { token: member.token });
  expect(cleared.data?.updateHealthDetails.health).toBeNull();
  const rows = await em(t).getConnection().execute(`select 1 from health_details where person_id = ?`, [member.user.id]);
  expect(rows).toHaveLength(0);
});

it("refuses a parent for an adult child with their own login, and staff for anyone's", async () => {
  const { parent, child, instructor } = await childOnRoster();
  child.username = `leo_${child.id.slice(0, 8)}`;
  child.passwordHash = 'x';
  await em(t).upsert(child);
  const own = await t.gql(UPDATE, { p: child.id, i: { allergies: 'Bees' } }, { token: parent.token });
  expect(own.errors?.[0]).toMatchObject({
    message: 'Mia has a login of their own and keeps their health details up to date on their profile.',
    extensions: { code: 'FORBIDDEN' },
  });
  const staff = await t.gql(UPDATE, { p: child.id, i: { allergies: 'Bees' } }, { token: instructor.token });
  expect(staff.errors?.[0].extensions?.code).toBe('NOT_FOUND');
  expect((await t.gql(UPDATE, { p: child.id, i: { allergies: 'Bees' } })).errors?.[0].extensions?.code).toBe('UNAUTHENTICATED');
});

it('refuses bad input with a clear message per field, never a 5xx', async () => {
  const { parent, child } = await childOnRoster();
  const post = (input: Record<string, string>) =>
    fetch(`${t.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${parent.token}` },
      body: JSON.stringify({ query: UPDATE, variables: { p: child.id, i: input } }),
    }).then(async (res) => ({ status: res.status, body: (await res.json()) as { errors?: { message: string; extensions: any }[] } }));

  const long = await post({ allergies: 'a'.repeat(501), medicalNotes: 'b'.repeat(2001), emergencyContactPhone: 'call me' });
  // GraphQL answers a refusal with its code (the REST facade maps it to 400); never a server error.
  expect(long.status).toBeLessThan(500);
  expect(long.body.errors?.[0].extensions).toMatchObject({
    code: 'BAD_USER_INPUT',
    fields: {
      allergies: 'Enter at most 500 characters.',
      medicalNotes: 'Enter at most 2000 characters.',
      emergencyContactPhone: 'Use digits, spaces and + ( ) - . only.',
    },
  });
  const half = await post({ emergencyContactName: 'Rosa' });
  expect([half.status < 500, half.body.errors?.[0].extensions]).toEqual([
    true,
    expect.objectContaining({ code: 'BAD_USER_INPUT', fields: { emergencyContactPhone: 'Add a phone number for the emergency contact.' } }),
  ]);
  const nul = await post({ allergies: 'Peanuts\u0000' });
  expect([nul.status < 500, nul.body.errors?.[0].extensions?.code]).toEqual([true, 'BAD_USER_INPUT']);
  expect(JSON.stringify(nul.body.errors?.[0].extensions?.fields)).toMatch(/NUL/i);
  const huge = await post({ medicalNotes: 'x'.repeat(100_000) });
  expect([huge.status < 500, huge.body.errors?.[0].extensions?.code]).toEqual([true, 'BAD_USER_INPUT']);
  const rows = await em(t).getConnection().execute(`select 1 from health_details where person_id = ?`, [child.id]);
  expect(rows).toHaveLength(0);
});

it('shows the kiosk only a marker, and needs members:health for an API key', async () => {
  // Open for check-in now, so the kiosk lists it.
  const { parent, child, c } = await childOnRoster({ startsInMinutes: 10 });
  await t.gql(UPDATE, { p: child.id, i: { allergies: 'Peanuts' } }, { token: parent.token });

  const key = async (scopes: string[], query: string, variables: Record<string, unknown>) => {
    const { secret } = await makeApiKey(t, scopes);
    const res = await fetch(`${t.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${secret}` },
      body: JSON.stringify({ query, variables }),
    });
    return { status: res.status, body: (await res.json()) as { data?: any; errors?: { extensions: any }[] } };
  };
  const read = `query($c: ID!) { classRoster(classInstanceId: $c) { attendeeHealth { allergies } } }`;
  const pii = await key(['bookings:read', 'members:read', 'members:pii'], read, { c: c.id });
  expect([pii.status, pii.body.errors?.[0].extensions.missingScopes]).toEqual([403, ['members:health']]);
  const health = await key(['bookings:read', 'members:health'], read, { c: c.id });
  expect(health.body.data?.classRoster).toEqual([{ attendeeHealth: { allergies: 'Peanuts' } }]);
  const write = await key(['members:write'], UPDATE, { p: child.id, i: { allergies: 'x' } });
  expect([write.status, write.body.errors?.[0].extensions.missingScopes]).toEqual([403, ['members:health']]);

  const kiosk = await t.gql(
    `mutation { setUpKioskScreen { deviceToken } }`,
    {},
    { token: (await makeUser(t, { role: Role.admin })).token },
  );
  const deviceToken = kiosk.data?.setUpKioskScreen.deviceToken;
  const other = await makeFamilyMember(t, parent.user, 7, 'Ben');
  await buildBooking(t, { classInstance: c.id, attendee: other.id, bookedBy: parent.user.id });
  const entries = await t.gql(
    `query($d: String!, $c: ID!) { kioskRoster(deviceToken: $d, classInstanceId: $c) { name hasHealthDetails } }`,
    {
      d: deviceToken,
      c: c.id,
    },
  );
  expect(entries.errors).toBeUndefined();
  const marks = (entries.data?.kioskRoster as { name: string; hasHealthDetails: boolean }[]).map((e) => [
    e.name.split(' ')[0],
    e.hasHealthDetails,
  ]);
  expect(marks.sort()).toEqual([
    ['Ben', false],
    ['Mia', true],
  ]);
});

it('moves the details to the kept account when two accounts are merged', async () => {
  const admin = await makeUser(t, { role: Role.admin });
  const kept = await makeUser(t);
  const duplicate = await makeUser(t);
  await t.gql(UPDATE, { p: duplicate.user.id, i: { allergies: 'Shellfish' } }, { token: duplicate.token });
  await t.app.services.users.merge(em(t), admin.user, kept.user.id, duplicate.user.id);
  const rows = await em(t)
    .getConnection()
    .execute(`select person_id from health_details where allergies = 'Shellfish' and person_id in (?, ?)`, [
      kept.user.id,
      duplicate.user.id,
    ]);
  expect(rows).toEqual([{ person_id: kept.user.id }]);
});
