import { requestScope } from '../src/logger.js';
import type { TestApp } from './app.js';

/**
 * Counts the SQL statements the API sends while answering requests: ORM queries, transaction BEGIN/COMMIT/ROLLBACK
 * and NOTIFYs. Only what runs inside a request's scope counts, so a background job polling or sending mail at the
 * same moment (pg-boss, the email outbox) does not make the count flaky.
 */
export function statementCounter(t: TestApp) {
  const connection = t.app.services.orm.em.getDriver().getConnection();
  const sql: string[] = [];
  let others = 0;
  const count = <T extends object, K extends keyof T>(target: T, method: K, record: (args: unknown[]) => void) => {
    const original = target[method] as (...args: unknown[]) => unknown;
    return jest.spyOn(target, method as never).mockImplementation(function (this: unknown, ...args: unknown[]) {
      if (requestScope.getStore()) record(args);
      return original.apply(this, args);
    } as never);
  };
  const spies = [
    count(connection, 'execute', ([query]) => sql.push(String(query))),
    ...(['begin', 'commit', 'rollback'] as const).map((method) => count(connection, method, () => (others += 1))),
    count(t.app.services.pubsub, 'publish', () => (others += 1)),
  ];
  return {
    count: () => sql.length + others,
    /** The text of the ORM's statements, in order. */
    sql: () => [...sql],
    reset: () => {
      sql.length = 0;
      others = 0;
    },
    stop: () => spies.forEach((spy) => spy.mockRestore()),
  };
}
