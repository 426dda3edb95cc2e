import { startTestApp, type TestApp } from '../../test/app.js';
import { makeUser } from '../../test/factories.js';
import { log } from '../logger.js';

/** A path parameter no record can match (a NUL byte, control characters, bytes that are not UTF-8) is a plain 404. */
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ PAYMENTS_TEST_PROVIDER: '1' });
});
afterAll(() => t.close());

const MALFORMED = ['%00', 'cs_test_%00', 'a%0Ab', '%ED%A0%80', '%FF'];

it.each([
  ['GET', '/api/stripe/test-checkout/:id'],
  ['POST', '/api/stripe/test-checkout/:id/pay'],
  ['POST', '/api/stripe/test-checkout/:id/cancel'],
  ['GET', '/api/stripe/test-subscribe/:id'],
  ['POST', '/api/stripe/test-subscribe/:id/pay'],
  ['GET', '/api/invoices/:id.pdf'],
  ['DELETE', '/api/cart/:id'],
  ['GET', '/api/calendar/:id.ics'],
])('%s %s with a malformed id answers 404 without asking the database', async (method, path) => {
  const member = await makeUser(t);
  const errors = jest.spyOn(log, 'error');
  const warnings = jest.spyOn(log, 'warn');
  try {
    for (const id of MALFORMED) {
      const res = await fetch(`${t.url}${path.replace(':id', id)}`, {
        method,
        redirect: 'manual',
        headers: { authorization: `Bearer ${member.token}` },
      });
      expect([id, res.status]).toEqual([id, 404]);
    }
    expect(errors).not.toHaveBeenCalled();
    expect(warnings).not.toHaveBeenCalledWith('database unavailable', expect.anything());
  } finally {
    errors.mockRestore();
    warnings.mockRestore();
  }
});

it('refuses a checkout id that is not letters, digits and underscores, and still looks up one that is', async () => {
  for (const id of ["cs_test_local_'%20or%201=1", 'cs_test_local_x.y', 'x'.repeat(300)])
    expect((await fetch(`${t.url}/api/stripe/test-checkout/${id}`)).status).toBe(404);
  expect((await fetch(`${t.url}/api/stripe/test-checkout/cs_test_local_0000`)).status).toBe(404);
  expect((await fetch(`${t.url}/api/landing-page-config`)).status).toBe(200);
});
