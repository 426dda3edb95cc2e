import 'reflect-metadata';
import { MikroORM, type EntityManager } from '@mikro-orm/postgresql';
import { createTestDatabase } from '../../test/app';
import { eventually } from '../../test/eventually';
import { ormConfig } from '../db/mikro-orm.config';
import { setLogLevel } from '../logger';
import { DomainEvents } from './domain-events';

// Each "process" is an ORM of its own (its own pool) with a bus of its own, on one database, as two API instances
// are. Handlers write their effect to a table, so what counts is what committed.

let databaseUrl: string;
const orms: MikroORM[] = [];

async function processOnDatabase(): Promise<{ orm: MikroORM; events: DomainEvents }> {
  const orm = await MikroORM.init(ormConfig(databaseUrl, { poolMax: 4 }));
  orms.push(orm);
  return { orm, events: new DomainEvents(orm) };
}

const effect = (tx: EntityManager, what: string) =>
  tx.getConnection().execute('insert into effect (what) values (?)', [what], 'run', tx.getTransactionContext());

async function effects(orm: MikroORM): Promise<string[]> {
  const rows = await orm.em.getConnection().execute<{ what: string }[]>('select what from effect order by id');
  return rows.map((r) => r.what);
}

/** A change that announces a cancelled class, in its own transaction. */
const cancelClass = (orm: MikroORM, events: DomainEvents, id: string, fail = false) =>
  orm.em.fork().transactional(async (tx) => {
    await effect(tx, `change ${id}`);
    await events.emit(tx, 'class.cancelled', { classInstanceId: id, reason: 'test' });
    if (fail) throw new Error('the change fails after emitting');
  });

beforeAll(async () => {
  setLogLevel('silent');
  databaseUrl = await createTestDatabase();
  const orm = await MikroORM.init(ormConfig(databaseUrl, { poolMax: 2 }));
  await orm.getMigrator().up();
  await orm.em.getConnection().execute('create table effect (id serial primary key, what text not null)');
  await orm.close(true);
});

afterEach(async () => {
  for (const orm of orms.splice(0)) await orm.close(true);
});

beforeEach(async () => {
  const orm = await MikroORM.init(ormConfig(databaseUrl, { poolMax: 1 }));
  await orm.em.getConnection().execute('truncate effect, domain_event cascade');
  await orm.close(true);
});

describe('in-transaction handlers', () => {
  it('run inside the emitting transaction: their writes commit with the change', async () => {
    const { orm, events } = await processOnDatabase();
    events.onFor('bookings')('class.cancelled', 'inTransaction', (tx, e) => effect(tx, `handled ${e.classInstanceId}`));
    await cancelClass(orm, events, 'a');
    expect(await effects(orm)).toEqual(['change a', 'handled a']);
  });

  it('roll the whole change back when they throw', async () => {
    const { orm, events } = await processOnDatabase();
    events.onFor('bookings')('class.cancelled', 'inTransaction', async (tx) => {
      await effect(tx, 'half done');
      throw new Error('the handler refuses');
    });
    await expect(cancelClass(orm, events, 'a')).rejects.toThrow('the handler refuses');
    expect(await effects(orm)).toEqual([]);
  });

  it('refuse an event emitted outside a transaction', async () => {
    const { orm, events } = await processOnDatabase();
    await expect(events.emit(orm.em.fork(), 'class.changed', { classInstanceIds: [] })).rejects.toThrow('inside the transaction');
  });
});

describe('after-commit handlers', () => {
  it('are delivered once the change commits, before the emitting call returns, exactly once', async () => {
    const { orm, events } = await processOnDatabase();
    const seen: string[] = [];
    events.onFor('bookings')('class.cancelled', 'afterCommit', async (tx, e) => {
      seen.push(e.classInstanceId);
      await effect(tx, `handled ${e.classInstanceId}`);
    });
    await cancelClass(orm, events, 'a');
    expect(seen).toEqual(['a']);
    expect(await effects(orm)).toEqual(['change a', 'handled a']);
    expect(await events.deliverPending()).toBe(0);
    expect(seen).toEqual(['a']);
  });

  it('are never delivered for a transaction that rolled back', async () => {
    const { orm, events } = await processOnDatabase();
    const seen: string[] = [];
    events.onFor('bookings')('class.cancelled', 'afterCommit', async (_tx, e) => void seen.push(e.classInstanceId));
    await expect(cancelClass(orm, events, 'a', true)).rejects.toThrow('fails after emitting');
    const other = await processOnDatabase();
    other.events.onFor('bookings')('class.cancelled', 'afterCommit', async (_tx, e) => void seen.push(e.classInstanceId));
    expect(await events.deliverPending()).toBe(0);
    expect(await other.events.deliverPending()).toBe(0);
    expect(seen).toEqual([]);
    expect(await effects(orm)).toEqual([]);
  });

  it('survive a crash between commit and delivery: another process delivers once, and two dispatchers never both do', async () => {
    // Process A commits the change, starts delivering it, and dies in the middle (its connection is cut).
    const a = await processOnDatabase();
    let started!: () => void;
    const handlerStarted = new Promise<void>((resolve) => (started = resolve));
    let release!: () => void;
    const stuck = new Promise<void>((resolve) => (release = resolve));
    let pidOfA = 0;
    a.events.onFor('payments')('class.cancelled', 'afterCommit', async (tx, e) => {
      await effect(tx, `A handled ${e.classInstanceId}`);
      [{ pid: pidOfA }] = await tx.getConnection().execute('select pg_backend_pid() as pid', [], 'all', tx.getTransactionContext());
      started();
      await stuck;
    });
    const changing = cancelClass(a.orm, a.events, 'a');
    await handlerStarted;

    // Process B, with the same handler: while A holds the delivery, B does not deliver it too.
    const b = await processOnDatabase();
    const seenByB: string[] = [];
    b.events.onFor('payments')('class.cancelled', 'afterCommit', async (tx, e) => {
      seenByB.push(e.classInstanceId);
      await effect(tx, `B handled ${e.classInstanceId}`);
    });
    expect(await b.events.deliverPending()).toBe(0);

    // A crashes: its delivery transaction dies with its connection, the change itself stays committed.
    await b.orm.em.getConnection().execute('select pg_terminate_backend(?)', [pidOfA]);
    let delivered = 0;
    try {
      // The backend ends (and its row lock goes) a moment after it is told to.
      await eventually(async () => expect((delivered += await b.events.deliverPending())).toBe(1));
      expect(await b.events.deliverPending()).toBe(0);
    } finally {
      release();
      await changing;
    }

    expect(seenByB).toEqual(['a']);
    expect(await effects(b.orm)).toEqual(['change a', 'B handled a']);
    expect(await a.events.deliverPending()).toBe(0);
  });

  it('are retried after a failure until the handler succeeds', async () => {
    const { orm, events } = await processOnDatabase();
    let calls = 0;
    events.onFor('bookings')('class.cancelled', 'afterCommit', async (tx) => {
      calls += 1;
      if (calls === 1) throw new Error('not yet');
      await effect(tx, 'handled');
    });
    await cancelClass(orm, events, 'a');
    expect(calls).toBe(1);
    await orm.em.getConnection().execute('update domain_event_delivery set next_attempt_at = now()');
    expect(await events.deliverPending()).toBe(1);
    expect(await effects(orm)).toEqual(['change a', 'handled']);
    const [row] = await orm.em
      .getConnection()
      .execute<{ attempts: number; last_error: string | null }[]>('select attempts, last_error from domain_event_delivery');
    expect(row).toEqual({ attempts: 2, last_error: null });
  });

  it('give each handler of an event its own delivery', async () => {
    const { orm, events } = await processOnDatabase();
    events.onFor('payments')('class.cancelled', 'afterCommit', (tx) => effect(tx, 'payments'));
    events.onFor('email')('class.cancelled', 'afterCommit', (tx) => effect(tx, 'email'));
    await cancelClass(orm, events, 'a');
    expect((await effects(orm)).sort()).toEqual(['change a', 'email', 'payments']);
    expect(() => events.onFor('email')('class.cancelled', 'afterCommit', async () => undefined)).toThrow('give them keys');
  });
});
