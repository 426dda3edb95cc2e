import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parse, print, separateOperations } from 'graphql';
import { startTestApp, type TestApp } from '../../../test/app.js';
import { makeClass } from '../../../test/classes.js';
import { makeUser } from '../../../test/factories.js';
import { statementCounter } from '../../../test/statements.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

/** The operations exactly as the web app sends them: its .graphql files, each operation with the fragments it spreads. */
const WEB = path.resolve(__dirname, '../../../../web/src');
const webOperations = separateOperations(
  parse(
    ['pages/classes/classes.graphql', 'components/schedule/ClassCard.graphql', 'components/classSummary.graphql', 'components/cart.graphql']
      .map((file) => readFileSync(path.join(WEB, file), 'utf8'))
      .join('\n'),
  ),
);
const webOperation = (name: string) => print(webOperations[name]);

it('a booking from /classes is one request of at most 20 SQL statements, answering the booking, the class and the cart', async () => {
  const c = await makeClass(t, { priceCents: 2500, usesRigPoints: true });
  const m = await makeUser(t, { signed: true });
  const points = await t.gql(`query($id: ID!) { classInstance(id: $id) { rigPoints { rigPoint { id } } } }`, { id: c.id });
  const rigPointId = points.data?.classInstance.rigPoints[0].rigPoint.id as string;

  const counter = statementCounter(t);
  const res = await t.gql(webOperation('BookClass'), { classInstanceId: c.id, attendeeId: m.user.id, rigPointId }, { token: m.token });
  const statements = counter.count();
  const sql = counter.sql();
  counter.stop();

  expect(res.errors).toBeUndefined();
  const { booking, cart } = res.data!.bookClass;
  expect(booking).toMatchObject({ status: 'held', priceCents: 2500, rigPoint: { id: rigPointId }, attendee: { id: m.user.id } });
  expect(booking.classInstance).toMatchObject({ id: c.id, spotsLeft: 9, myBookings: [{ id: booking.id, status: 'held' }] });
  expect(cart).toMatchObject({ totalItems: 1, totalPriceCents: 2500, items: [{ id: booking.id, classInstanceId: c.id }] });
  expect(statements).toBeGreaterThan(5);
  expect(statements).toBeLessThanOrEqual(20);
  // The seat counter changes only through its guarded UPDATE: the loaded class is never written back.
  expect(sql.filter((q) => /^update "class_instance"/.test(q))).toEqual([]);
});
