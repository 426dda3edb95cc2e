import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { fakeSession, makeUser, renderApp, setViewportWidth } from '../../../../test/utils';
import { formatTimestampWithWeekday } from '../../../app/dates';
import { formatDuration } from './jobFormat';
import ScheduledJobsPage from './ScheduledJobsPage';

jest.setTimeout(20_000);
afterEach(() => setViewportWidth(1280));

const run = (id: string, queue: string, state: string, extra: Record<string, unknown> = {}) => ({
  __typename: 'JobRun',
  id,
  queue,
  jobId: `job-${id}`,
  attempt: 1,
  trigger: 'schedule',
  state,
  startedAt: '2030-03-04T18:00:00.000Z',
  finishedAt: '2030-03-04T18:00:01.200Z',
  durationMs: 1200,
  processed: null,
  error: null,
  ...extra,
});
const FAILED = run('r2', 'invoices-overdue-reminders', 'failed', {
  attempt: 3,
  trigger: 'retry',
  error: 'select … from "invoice" … - relation "invoice" does not exist',
});
const job = (name: string, extra: Record<string, unknown> = {}) => ({
  __typename: 'ScheduledJob',
  name,
  module: name.split('-')[0],
  description: `What ${name} does`,
  cron: '* * * * *',
  timeZone: 'UTC',
  paused: false,
  nextRunAt: '2030-03-04T18:15:00.000Z',
  queueDepth: 0,
  lastRuns: [],
  ...extra,
});
const JOBS = [
  job('bookings-expire-holds', { lastRuns: [run('r1', 'bookings-expire-holds', 'completed')] }),
  job('invoices-overdue-reminders', { cron: '17 * * * *', lastRuns: [FAILED] }),
  job('email-deliver', { cron: null, timeZone: null, nextRunAt: null, queueDepth: 2 }),
];
const admin = () => fakeSession({ user: makeUser({ role: 'admin', id: 'u-admin' }) });

it('lists every queue with its schedule, next run, last run and depth; run now and pause act on one', async () => {
  const { calls } = renderApp(<ScheduledJobsPage />, {
    session: admin(),
    route: '/admin/scheduled-jobs',
    handlers: {
      ScheduledJobs: { data: { scheduledJobs: JOBS } },
      RunJobNow: { data: { runJobNow: { ...JOBS[0], queueDepth: 1 } } },
      PauseSchedule: { data: { pauseSchedule: { ...JOBS[0], queueDepth: 1, paused: true, nextRunAt: null } } },
    },
  });
  expect(await screen.findByText('3 queues')).toBeInTheDocument();
  const holds = screen.getByText('bookings-expire-holds').closest('[role="row"]') as HTMLElement;
  expect(holds).toHaveTextContent('* * * * *UTC');
  expect(holds).toHaveTextContent(formatTimestampWithWeekday(JOBS[0].nextRunAt));
  expect(holds).toHaveTextContent(`Completed`);
  expect(holds).toHaveTextContent(formatDuration(1200));
  const reminders = screen.getByText('invoices-overdue-reminders').closest('[role="row"]') as HTMLElement;
  expect(reminders).toHaveTextContent('Failed');
  const deliver = screen.getByText('email-deliver').closest('[role="row"]') as HTMLElement;
  expect(deliver).toHaveTextContent('For each job sent');
  expect(within(deliver).queryByRole('button', { name: /^Run now/ })).not.toBeInTheDocument();

  fireEvent.click(within(holds).getByRole('button', { name: 'Run now: bookings-expire-holds' }));
  expect(await screen.findByText('bookings-expire-holds queued to run now')).toBeInTheDocument();
  expect(calls.find((c) => c.operationName === 'RunJobNow')?.variables).toEqual({ queue: 'bookings-expire-holds' });

  fireEvent.click(within(holds).getByRole('button', { name: 'Pause bookings-expire-holds' }));
  await waitFor(() => expect(within(holds).getByRole('button', { name: 'Resume bookings-expire-holds' })).toBeInTheDocument());
  expect(holds).toHaveTextContent('Paused');
  expect(calls.find((c) => c.operationName === 'PauseSchedule')?.variables).toEqual({ queue: 'bookings-expire-holds' });
  // The buttons act on the queue without opening its drawer.
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
});

it("opens a queue's runs with a failed job's error, retries it, and cancels a waiting job", async () => {
  const { calls } = renderApp(<ScheduledJobsPage />, {
    session: admin(),
    route: '/admin/scheduled-jobs?queue=invoices-overdue-reminders',
    handlers: {
      ScheduledJobs: { data: { scheduledJobs: JOBS } },
      JobRuns: {
        data: {
          jobRuns: {
            __typename: 'JobRunPage',
            total: 2,
            page: 1,
            pageSize: 10,
            items: [FAILED, run('r0', 'invoices-overdue-reminders', 'completed', { processed: 4 })],
          },
        },
      },
      WaitingJobs: {
        data: {
          waitingJobs: [
            {
              __typename: 'WaitingJob',
              id: 'w1',
              state: 'created',
              createdAt: '2030-03-04T18:00:00.000Z',
              startAfter: '2030-03-04T19:00:00.000Z',
              retryCount: 0,
            },
          ],
        },
      },
      RetryJob: { data: { retryJob: { ...JOBS[1], queueDepth: 1 } } },
      CancelJob: { data: { cancelJob: JOBS[1] } },
    },
  });
  const drawer = await screen.findByRole('dialog', { name: 'invoices-overdue-reminders' });
  expect(drawer).toHaveTextContent('17 * * * * (UTC)');
  const runs = await within(drawer).findAllByTestId('job-run');
  expect(runs[0]).toHaveTextContent('Failed');
  expect(runs[0]).toHaveTextContent('relation "invoice" does not exist');
  expect(runs[0]).toHaveTextContent('Retry · attempt 3');
  expect(runs[1]).toHaveTextContent('4 handled');
  expect(within(runs[1]).queryByRole('button', { name: 'Retry' })).not.toBeInTheDocument();

  fireEvent.click(within(runs[0]).getByRole('button', { name: 'Retry' }));
  expect(await screen.findByText('Job queued to try again')).toBeInTheDocument();
  expect(calls.find((c) => c.operationName === 'RetryJob')?.variables).toEqual({ queue: 'invoices-overdue-reminders', jobId: 'job-r2' });

  const waiting = await within(drawer).findByTestId('waiting-job');
  fireEvent.click(within(waiting).getByRole('button', { name: 'Cancel' }));
  await waitFor(() => expect(within(drawer).queryByTestId('waiting-job')).not.toBeInTheDocument());
  expect(calls.find((c) => c.operationName === 'CancelJob')?.variables).toEqual({ queue: 'invoices-overdue-reminders', jobId: 'w1' });
});

it('shows a refusal in words and keeps the row as it was', async () => {
  renderApp(<ScheduledJobsPage />, {
    session: admin(),
    route: '/admin/scheduled-jobs',
    handlers: {
      ScheduledJobs: { data: { scheduledJobs: JOBS } },
      RunJobNow: { errors: [{ message: 'That queue was not found.', extensions: { code: 'NOT_FOUND' } }] },
    },
  });
  const holds = (await screen.findByText('bookings-expire-holds')).closest('[role="row"]') as HTMLElement;
  fireEvent.click(within(holds).getByRole('button', { name: 'Run now: bookings-expire-holds' }));
  expect(await screen.findByText('That queue was not found.')).toBeInTheDocument();
});

it('on a phone, each queue is a card that opens its drawer', async () => {
  setViewportWidth(375);
  renderApp(<ScheduledJobsPage />, {
    session: admin(),
    route: '/admin/scheduled-jobs',
    handlers: {
      ScheduledJobs: { data: { scheduledJobs: JOBS } },
      JobRuns: { data: { jobRuns: { __typename: 'JobRunPage', total: 0, page: 1, pageSize: 10, items: [] } } },
      WaitingJobs: { data: { waitingJobs: [] } },
    },
  });
  const list = await screen.findByRole('list', { name: 'Scheduled jobs' });
  const card = within(list).getByText('email-deliver').closest('[role="button"]') as HTMLElement;
  expect(card).toHaveTextContent('2 waiting');
  fireEvent.click(card);
  const drawer = await screen.findByRole('dialog', { name: 'email-deliver' });
  expect(await within(drawer).findByText('No runs yet.')).toBeInTheDocument();
  expect(within(drawer).getByText('Nothing is waiting.')).toBeInTheDocument();
  expect(within(drawer).queryByRole('button', { name: /^Run now/ })).not.toBeInTheDocument();
});
