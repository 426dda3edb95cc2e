import { startTestApp, type TestApp } from '../../test/app.js';
import { em } from '../../test/factories.js';
import { pgArray } from './pg-array.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

it('round-trips every value through PostgreSQL, awkward characters included', async () => {
  const values = ['plain', 'with,comma', 'with "quotes"', 'back\\slash', '{braces}', ' spaced ', 'NULL', ''];
  const [row] = await em(t)
    .getConnection()
    .execute<{ a: string[] }[]>(`select ?::text[] as a`, [pgArray(values)]);
  expect(row.a).toEqual(values);
  const [empty] = await em(t)
    .getConnection()
    .execute<{ n: number }[]>(`select cardinality(?::uuid[]) as n`, [pgArray([])]);
  expect(empty.n).toBe(0);
});
