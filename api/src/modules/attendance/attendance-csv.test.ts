import { startTestApp, type TestApp } from '../../../test/app.js';
import { makeClass } from '../../../test/classes.js';
import { em, makeUser, Role } from '../../../test/factories.js';
import { User } from '../users/user.entity.js';

/** Names that a spreadsheet would run as formulas are exported as text. */
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

it('escapes formula-looking cells in the attendance CSV', async () => {
  const c = await makeClass(t, { capacity: 5 });
  const member = await makeUser(t, { signed: true });
  const e = em(t);
  const user = await e.findOneOrFail(User, { id: member.user.id });
  user.firstName = '=HYPERLINK("http://evil.example","click")';
  user.lastName = '@SUM(1+1)';
  await e.flush();
  const booked = await t.gql(
    `mutation($c: ID!, $a: ID!) { bookClass(classInstanceId: $c, attendeeId: $a) { booking { id } } }`,
    { c: c.id, a: member.user.id },
    { token: member.token },
  );
  expect(booked.errors).toBeUndefined();
  const admin = await makeUser(t, { role: Role.admin });
  const res = await fetch(`${t.url}/api/admin/attendance.csv?from=${c.date}&to=${c.date}`, {
    headers: { authorization: `Bearer ${admin.token}` },
  });
  const line = (await res.text()).split('\n').find((l) => l.includes(c.blueprint.name))!;
  expect(line).toContain(`"'=HYPERLINK(""http://evil.example"",""click"")"`);
  expect(line).toContain(`'@SUM(1+1)`);
  expect(line).not.toMatch(/,=|,@/);
});
