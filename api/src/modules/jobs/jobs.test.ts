import { eventually } from '../../../test/eventually.js';
import { em, makeUser, type MadeUser } from '../../../test/factories.js';
import { startTestApp, type TestApp } from '../../../test/app.js';
import { Notification } from '../notifications/notification.entity.js';
import { Role } from '../users/role.js';

let t: TestApp;
let admin: MadeUser;
let otherAdmin: MadeUser;

beforeAll(async () => {
  t = await startTestApp();
  admin = await makeUser(t, { role: Role.admin });
  otherAdmin = await makeUser(t, { role: Role.admin });
});
afterAll(() => t.close());

const RUN_FIELDS = 'id queue jobId attempt trigger state startedAt finishedAt durationMs processed error';
const JOB_FIELDS = `name module description cron timeZone paused nextRunAt queueDepth lastRuns { ${RUN_FIELDS} }`;
const LIST = `{ scheduledJobs { ${JOB_FIELDS} } }`;
const RUNS = `query($queue: String!) { jobRuns(queue: $queue, pageSize: 100) { total items { ${RUN_FIELDS} } } }`;
const WAITING = 'query($queue: String!) { waitingJobs(queue: $queue) { id state startAfter retryCount } }';
const RUN_NOW = `mutation($queue: String!) { runJobNow(queue: $queue) { ${JOB_FIELDS} } }`;
const PAUSE = `mutation($queue: String!) { pauseSchedule(queue: $queue) { ${JOB_FIELDS} } }`;
const RESUME = `mutation($queue: String!) { resumeSchedule(queue: $queue) { ${JOB_FIELDS} } }`;
const RETRY = `mutation($queue: String!, $jobId: ID!) { retryJob(queue: $queue, jobId: $jobId) { ${JOB_FIELDS} } }`;
const CANCEL = `mutation($queue: String!, $jobId: ID!) { cancelJob(queue: $queue, jobId: $jobId) { ${JOB_FIELDS} } }`;

interface Run {
  jobId: string;
  attempt: number;
  trigger: string;
  state: string;
  durationMs: number | null;
  error: string | null;
  finishedAt: string | null;
}

async function runsOf(queue: string): Promise<Run[]> {
  const res = await t.gql<{ jobRuns: { items: Run[] } }>(RUNS, { queue }, { token: admin.token });
  expect(res.errors).toBeUndefined();
  return res.data!.jobRuns.items;
}

async function scheduleOf(queue: string) {
  return (await t.app.services.jobs.getSchedules()).find((s) => s.name === queue) ?? null;
}

describe('the scheduled jobs, for anyone but an admin', () => {
  const ID = '00000000-0000-4000-8000-000000000000';
  const operations: [string, string, Record<string, unknown>][] = [
    ['scheduledJobs', LIST, {}],
    ['jobRuns', RUNS, { queue: 'email-sweep' }],
    ['waitingJobs', WAITING, { queue: 'email-sweep' }],
    ['runJobNow', RUN_NOW, { queue: 'email-sweep' }],
    ['pauseSchedule', PAUSE, { queue: 'email-sweep' }],
    ['resumeSchedule', RESUME, { queue: 'email-sweep' }],
    ['retryJob', RETRY, { queue: 'email-sweep', jobId: ID }],
    ['cancelJob', CANCEL, { queue: 'email-sweep', jobId: ID }],
  ];

  it.each(operations)('%s is refused to a visitor', async (_name, query, variables) => {
    const res = await t.gql(query, variables);
    expect(res.errors?.[0].extensions?.code).toBe('UNAUTHENTICATED');
  });

  it.each(operations)('%s is refused to staff who are not admins and to members', async (_name, query, variables) => {
    for (const role of [Role.instructor, Role.teacher, Role.student, Role.parent]) {
      const { token } = await makeUser(t, { role });
      const res = await t.gql(query, variables, { token });
      expect(res.errors?.[0].extensions?.code).toBe('FORBIDDEN');
    }
    expect(await t.app.services.queues.paused(em(t))).not.toContain('email-sweep');
  });
});

describe('the scheduled jobs, for an admin', () => {
  it('lists every queue the modules declare, with its cron, zone and next run', async () => {
    const res = await t.gql<{ scheduledJobs: Record<string, any>[] }>(LIST, {}, { token: admin.token });
    expect(res.errors).toBeUndefined();
    const jobs = res.data!.scheduledJobs;
    expect(jobs.map((j) => j.name)).toEqual(t.app.services.queues.running().map((q) => q.name));
    const holds = jobs.find((j) => j.name === 'bookings-expire-holds')!;
    expect(holds).toMatchObject({ module: 'bookings', cron: '* * * * *', timeZone: t.app.services.env.STUDIO_TIME_ZONE, paused: false });
    const next = new Date(holds.nextRunAt).getTime();
    expect(next).toBeGreaterThan(Date.now());
    expect(next - Date.now()).toBeLessThanOrEqual(60_000);
    expect(new Date(next).getUTCSeconds()).toBe(0);
    expect(jobs.find((j) => j.name === 'invoices-overdue-reminders')).toMatchObject({ cron: '17 * * * *', timeZone: 'UTC' });
    expect(new Date(jobs.find((j) => j.name === 'invoices-overdue-reminders')!.nextRunAt).getUTCMinutes()).toBe(17);
    // A queue fed by the app has no schedule.
    expect(jobs.find((j) => j.name === 'email-deliver')).toMatchObject({ cron: null, timeZone: null, nextRunAt: null });
  });

  it('run now queues a run, which is recorded with its trigger, state and duration', async () => {
    const res = await t.gql<{ runJobNow: { name: string } }>(RUN_NOW, { queue: 'email-sweep' }, { token: admin.token });
    expect(res.errors).toBeUndefined();
    await eventually(async () => {
      const [run] = (await runsOf('email-sweep')).filter((r) => r.trigger === 'run_now');
      expect(run).toMatchObject({ state: 'completed', attempt: 1, error: null });
      expect(run.durationMs).toBeGreaterThanOrEqual(0);
      expect(run.finishedAt).not.toBeNull();
    }, 20_000);
    const list = await t.gql<{ scheduledJobs: { name: string; lastRuns: Run[] }[] }>(LIST, {}, { token: admin.token });
    expect(list.data!.scheduledJobs.find((j) => j.name === 'email-sweep')!.lastRuns.some((r) => r.trigger === 'run_now')).toBe(true);
  });

  it('prunes run records older than 30 days hourly, keeping each queue its newest run of each outcome', async () => {
    const queue = 'email-sweep';
    const conn = em(t).getConnection();
    const insert = (state: string, daysAgo: number, into = queue) =>
      conn.execute<{ id: string }[]>(
        `insert into job_run (id, queue, job_id, attempt, trigger, state, started_at)
         values (gen_random_uuid(), ?, gen_random_uuid(), 1, 'schedule', ?, now() - make_interval(days => ?)) returning id`,
        [into, state, daysAgo],
      );
    // The queue's newest runs of each outcome are old, as on a studio where a job last failed months ago.
    await conn.execute(`delete from job_run where queue in (?, ?)`, [queue, 'email-deliver']);
    const [[oldCompleted], [newestCompleted], [oldFailed], [newestFailed]] = [
      await insert('completed', 90),
      await insert('completed', 40),
      await insert('failed', 60),
      await insert('failed', 45),
    ];
    // Another queue's runs: one within the 30 days stays, an older one of the same outcome goes.
    const [[recent], [older]] = [await insert('completed', 29, 'email-deliver'), await insert('completed', 31, 'email-deliver')];
    expect(await scheduleOf('jobs-prune-runs')).toMatchObject({ cron: '17 * * * *' });
    const res = await t.gql(RUN_NOW, { queue: 'jobs-prune-runs' }, { token: admin.token });
    expect(res.errors).toBeUndefined();
    await eventually(async () => {
      const [run] = (await runsOf('jobs-prune-runs')).filter((r) => r.trigger === 'run_now');
      expect(run).toMatchObject({ state: 'completed', error: null });
    }, 20_000);
    const left = (
      await conn.execute<{ id: string }[]>(`select id from job_run where id = any(?::uuid[])`, [
        `{${[oldCompleted, newestCompleted, oldFailed, newestFailed, recent, older].map((r) => r.id)}}`,
      ])
    ).map((r) => r.id);
    expect(left.sort()).toEqual([newestCompleted.id, newestFailed.id, recent.id].sort());
  });

  it('pause stops the schedule on every instance and across restarts; resume restores it', async () => {
    const queue = 'memberships-comp-periods';
    expect(await scheduleOf(queue)).toMatchObject({ cron: '*/15 * * * *' });
    const paused = await t.gql<{ pauseSchedule: Record<string, any> }>(PAUSE, { queue }, { token: admin.token });
    expect(paused.errors).toBeUndefined();
    expect(paused.data!.pauseSchedule).toMatchObject({ name: queue, paused: true, nextRunAt: null });
    expect(await scheduleOf(queue)).toBeNull();

    // Another instance starting on the same database keeps it paused.
    const second = await startTestApp({}, t.databaseUrl);
    try {
      expect(await scheduleOf(queue)).toBeNull();
      const seen = await second.gql<{ scheduledJobs: { name: string; paused: boolean }[] }>(LIST, {}, { token: admin.token });
      expect(seen.data!.scheduledJobs.find((j) => j.name === queue)!.paused).toBe(true);
    } finally {
      await second.close();
    }

    // A scheduled job pg-boss queued just before the pause is skipped: no run.
    const jobId = (await t.app.services.jobs.send(queue, { trigger: 'schedule' }))!;
    await eventually(async () => expect((await t.app.services.jobs.getJobById(queue, jobId))?.state).toBe('completed'), 20_000);
    expect((await runsOf(queue)).filter((r) => r.jobId === jobId)).toEqual([]);

    const resumed = await t.gql<{ resumeSchedule: Record<string, any> }>(RESUME, { queue }, { token: admin.token });
    expect(resumed.errors).toBeUndefined();
    expect(resumed.data!.resumeSchedule.paused).toBe(false);
    expect(new Date(resumed.data!.resumeSchedule.nextRunAt).getTime()).toBeGreaterThan(Date.now());
    expect(await scheduleOf(queue)).toMatchObject({ cron: '*/15 * * * *', options: expect.objectContaining({ tz: 'UTC' }) });

    // Resumed, a scheduled job runs again.
    const again = (await t.app.services.jobs.send(queue, { trigger: 'schedule' }))!;
    await eventually(
      async () => expect((await runsOf(queue)).find((r) => r.jobId === again)).toMatchObject({ trigger: 'schedule', state: 'completed' }),
      20_000,
    );
  });

  it("a failed job's error is listed, admins are told once, and a retry runs it again", async () => {
    const queue = 'invoices-overdue-reminders';
    const db = t.app.services.orm.em.getConnection();
    await db.execute('alter table invoice rename to invoice_away');
    let runs: Run[];
    try {
      const res = await t.gql(RUN_NOW, { queue }, { token: admin.token });
      expect(res.errors).toBeUndefined();
      // pg-boss tries a job three times (its default retry limit of 2) before it stays failed.
      await eventually(async () => {
        runs = (await runsOf(queue)).filter((r) => r.state === 'failed');
        expect(runs.map((r) => r.attempt).sort()).toEqual([1, 2, 3]);
        expect((await t.app.services.jobs.getJobById(queue, runs[0].jobId))?.state).toBe('failed');
      }, 30_000);
      expect(runs!.map((r) => r.trigger).sort()).toEqual(['retry', 'retry', 'run_now']);
      for (const run of runs!) {
        expect(run.error).toMatch(/relation "invoice" does not exist/);
        expect(run.error).not.toMatch(/\n|\s+at\s/);
        expect(run.error!.length).toBeLessThanOrEqual(300);
      }
      const notices = async (user: MadeUser) => em(t).find(Notification, { user: user.user.id, title: `A scheduled job failed: ${queue}` });
      await eventually(async () => {
        expect(await notices(admin)).toHaveLength(1);
        expect(await notices(otherAdmin)).toHaveLength(1);
      });
      const [notice] = await notices(admin);
      expect(notice.message).toMatch(/failed after 3 attempts: .*relation "invoice" does not exist/);
      expect(notice.link).toBe(`/admin/scheduled-jobs?queue=${queue}`);

      // Retried by an admin, it fails again: the same failure tells nobody again.
      const jobId = runs![0].jobId;
      const retried = await t.gql(RETRY, { queue, jobId }, { token: admin.token });
      expect(retried.errors).toBeUndefined();
      await eventually(async () => {
        const fourth = (await runsOf(queue)).find((r) => r.attempt === 4);
        expect(fourth).toMatchObject({ jobId, trigger: 'retry', state: 'failed' });
        expect((await t.app.services.jobs.getJobById(queue, jobId))?.state).toBe('failed');
      }, 20_000);
      await t.app.services.events.deliverPending();
      expect(await notices(admin)).toHaveLength(1);
    } finally {
      await db.execute('alter table invoice_away rename to invoice');
    }

    // Working again, a retry completes.
    const jobId = runs![0].jobId;
    expect((await t.gql(RETRY, { queue, jobId }, { token: admin.token })).errors).toBeUndefined();
    await eventually(async () => expect((await runsOf(queue)).find((r) => r.attempt === 5)).toMatchObject({ state: 'completed' }), 20_000);
    // A job that did not fail is not retried.
    const refused = await t.gql(RETRY, { queue, jobId }, { token: admin.token });
    expect(refused.errors?.[0]).toMatchObject({
      message: 'Only a failed job can be retried: this one is completed.',
      extensions: { code: 'CONFLICT' },
    });
  });

  it('cancels a job still waiting in the queue, and only such a job', async () => {
    const queue = 'email-sweep';
    const jobId = (await t.app.services.jobs.send(queue, {}, { startAfter: 3600 }))!;
    const waiting = await t.gql<{ waitingJobs: { id: string; state: string }[] }>(WAITING, { queue }, { token: admin.token });
    expect(waiting.data!.waitingJobs).toContainEqual(expect.objectContaining({ id: jobId, state: 'created' }));
    const before = (
      await t.gql<{ scheduledJobs: { name: string; queueDepth: number }[] }>(LIST, {}, { token: admin.token })
    ).data!.scheduledJobs.find((j) => j.name === queue)!.queueDepth;
    expect(before).toBeGreaterThanOrEqual(1);

    const res = await t.gql<{ cancelJob: { queueDepth: number } }>(CANCEL, { queue, jobId }, { token: admin.token });
    expect(res.errors).toBeUndefined();
    expect(res.data!.cancelJob.queueDepth).toBe(before - 1);
    expect((await t.app.services.jobs.getJobById(queue, jobId))?.state).toBe('cancelled');
    const again = await t.gql(CANCEL, { queue, jobId }, { token: admin.token });
    expect(again.errors?.[0]).toMatchObject({
      message: 'Only a job waiting in the queue can be cancelled: this one is cancelled.',
      extensions: { code: 'CONFLICT' },
    });
  });

  it('refuses what cannot be done with a clear message', async () => {
    const refusal = async (query: string, variables: Record<string, unknown>) => {
      const res = await t.gql(query, variables, { token: admin.token });
      expect(res.status).toBeLessThan(500);
      return { code: res.errors?.[0].extensions?.code, message: res.errors?.[0].message };
    };
    expect(await refusal(RUN_NOW, { queue: 'email-deliver' })).toEqual({
      code: 'BAD_USER_INPUT',
      message: 'email-deliver has no schedule: it runs once for each job the app sends it.',
    });
    expect(await refusal(PAUSE, { queue: 'no-such-queue' })).toEqual({ code: 'NOT_FOUND', message: 'That queue was not found.' });
    expect(await refusal(RETRY, { queue: 'email-sweep', jobId: 'not-a-job' })).toMatchObject({ code: 'BAD_USER_INPUT' });
    expect(await refusal(CANCEL, { queue: 'email-sweep', jobId: '00000000-0000-4000-8000-000000000000' })).toEqual({
      code: 'NOT_FOUND',
      message: 'That job was not found.',
    });
  });
});
