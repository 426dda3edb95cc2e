import { ClassBlueprint } from '../classes/class-blueprint.entity.js';
import { ClassInstance } from '../classes/class-instance.entity.js';
import { startTestApp, type TestApp } from '../../../test/app.js';
import { makeClass } from '../../../test/classes.js';
import { em, makeFamilyMember, makeUser } from '../../../test/factories.js';
import { Role } from '../users/role.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

/** A class whose class type is for the given ages. */
async function classFor(ages: { minAge?: number | null; maxAge?: number | null }, opts: Parameters<typeof makeClass>[1] = {}) {
  const c = await makeClass(t, opts);
  await em(t).nativeUpdate(ClassBlueprint, { id: c.blueprint.id }, { minAge: ages.minAge ?? null, maxAge: ages.maxAge ?? null });
  return c;
}

async function familyWithChild(age: number) {
  const parent = await makeUser(t, { role: Role.parent, signed: true });
  const child = await makeFamilyMember(t, parent.user, age, 'Nia');
  await t.app.services.waivers.sign(em(t), parent.user, [child.id], { ip: null, userAgent: 'test' });
  return { parent, child };
}

const BOOK = `mutation($c: ID!, $a: ID!) { bookClass(classInstanceId: $c, attendeeId: $a) { booking { id } } }`;
const refusal = (res: { errors?: readonly { message: string; extensions?: Record<string, unknown> }[] }) => ({
  code: res.errors?.[0]?.extensions?.code,
  reason: res.errors?.[0]?.extensions?.reason,
  message: res.errors?.[0]?.message,
});

it('a 9-year-old is refused an adult class with the reason, and booked into a class for her age', async () => {
  const adult = await classFor({ minAge: 16 });
  const kids = await classFor({ minAge: 6, maxAge: 12 });
  const { parent, child } = await familyWithChild(9);
  const refused = refusal(await t.gql(BOOK, { c: adult.id, a: child.id }, { token: parent.token }));
  expect(refused).toMatchObject({ code: 'FORBIDDEN', reason: 'AGE_RANGE' });
  expect(refused.message).toBe(`Nia ${parent.user.lastName} is 9 on the day of the class; ${adult.blueprint.name} is for ages 16 and up.`);
  const booked = await t.gql(BOOK, { c: kids.id, a: child.id }, { token: parent.token });
  expect(booked.errors).toBeUndefined();
  // And an adult is too old for the kids' class.
  expect(refusal(await t.gql(BOOK, { c: kids.id, a: parent.user.id }, { token: parent.token }))).toMatchObject({ reason: 'AGE_RANGE' });
});

it('is checked on every way in: booking together, the front desk, and the waitlist', async () => {
  const adult = await classFor({ minAge: 18 }, { capacity: 1 });
  const { parent, child } = await familyWithChild(15);
  const together = await t.gql(
    `mutation($c: ID!, $p: [BookingPersonInput!]!) { bookClassTogether(classInstanceId: $c, people: $p) { outcomes { attendeeId refusal { reason } booking { id } } } }`,
    { c: adult.id, p: [{ attendeeId: child.id }, { attendeeId: parent.user.id }] },
    { token: parent.token },
  );
  expect(together.data!.bookClassTogether.outcomes).toEqual([
    { attendeeId: child.id, refusal: { reason: 'AGE_RANGE' }, booking: null },
    { attendeeId: parent.user.id, refusal: null, booking: { id: expect.any(String) } },
  ]);
  // The class is now full: the child may not join its waitlist either.
  const join = await t.gql(
    `mutation($c: ID!, $a: ID!) { joinWaitlist(classInstanceId: $c, attendeeId: $a) { id } }`,
    { c: adult.id, a: child.id },
    { token: parent.token },
  );
  expect(refusal(join)).toMatchObject({ code: 'FORBIDDEN', reason: 'AGE_RANGE' });
  const admin = await makeUser(t, { role: Role.admin, signed: true });
  const open = await classFor({ minAge: 18 });
  const desk = await t.gql(
    `mutation($c: ID!, $a: ID!) { staffBookAttendee(classInstanceId: $c, attendeeId: $a) { id } }`,
    { c: open.id, a: child.id },
    { token: admin.token },
  );
  expect(refusal(desk)).toMatchObject({ code: 'FORBIDDEN', reason: 'AGE_RANGE' });
});

it('counts the age on the class date: a birthday before the class lets them in', async () => {
  const c = await classFor({ minAge: 10 }, { startsInMinutes: 3 * 24 * 60 });
  const parent = await makeUser(t, { role: Role.parent, signed: true });
  const instance = await em(t).findOneOrFail(ClassInstance, { id: c.id });
  // Ten on the day before the class (the studio's date of it), nine today.
  const [y, m, d] = instance.date.split('-').map(Number);
  const dayBefore = new Date(Date.UTC(y - 10, m - 1, d - 1)).toISOString().slice(0, 10);
  const child = await makeFamilyMember(t, parent.user, 9, 'Ola');
  await em(t).nativeUpdate('User', { id: child.id }, { birthday: dayBefore });
  await t.app.services.waivers.sign(em(t), parent.user, [child.id], { ip: null, userAgent: 'test' });
  const booked = await t.gql(BOOK, { c: c.id, a: child.id }, { token: parent.token });
  expect(booked.errors).toBeUndefined();
});

it('admins set and clear the range; an inverted or out-of-bounds range is a field error', async () => {
  const admin = await makeUser(t, { role: Role.admin, signed: true });
  const c = await makeClass(t);
  const UPDATE = `mutation($id: ID!, $input: UpdateBlueprintInput!) { updateClassBlueprint(id: $id, input: $input) { minAge maxAge } }`;
  const set = await t.gql(UPDATE, { id: c.blueprint.id, input: { minAge: 8, maxAge: 12 } }, { token: admin.token });
  expect(set.data!.updateClassBlueprint).toEqual({ minAge: 8, maxAge: 12 });
  const kept = await t.gql(UPDATE, { id: c.blueprint.id, input: { name: 'Kids Silks' } }, { token: admin.token });
  expect(kept.data!.updateClassBlueprint).toEqual({ minAge: 8, maxAge: 12 });
  const cleared = await t.gql(UPDATE, { id: c.blueprint.id, input: { maxAge: null } }, { token: admin.token });
  expect(cleared.data!.updateClassBlueprint).toEqual({ minAge: 8, maxAge: null });
  const inverted = await t.gql(UPDATE, { id: c.blueprint.id, input: { maxAge: 5 } }, { token: admin.token });
  expect(inverted.errors?.[0].extensions).toMatchObject({ code: 'BAD_USER_INPUT', fields: { maxAge: expect.any(String) } });
  for (const bad of [-1, 100])
    expect((await t.gql(UPDATE, { id: c.blueprint.id, input: { minAge: bad } }, { token: admin.token })).errors?.[0].extensions?.code).toBe(
      'BAD_USER_INPUT',
    );
});
