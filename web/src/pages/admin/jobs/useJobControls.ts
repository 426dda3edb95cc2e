import { useMutation } from '@apollo/client/react';
import {
  CancelJobDocument,
  PauseScheduleDocument,
  ResumeScheduleDocument,
  RetryJobDocument,
  RunJobNowDocument,
} from './scheduledJobs.generated';

// Each answers the queue's row (normalised by its name, so the table updates in place); the runs that follow arrive
// with the page's polling.

/** Queues one run of a scheduled job now. */
export function useRunJobNow() {
  return useMutation(RunJobNowDocument);
}

/** Stops a schedule firing until it is resumed. */
export function usePauseSchedule() {
  return useMutation(PauseScheduleDocument);
}

export function useResumeSchedule() {
  return useMutation(ResumeScheduleDocument);
}

/** Puts a failed job back in its queue. */
export function useRetryJob() {
  return useMutation(RetryJobDocument);
}

/** Cancels a waiting job: it leaves the waiting list at once. */
export function useCancelJob() {
  return useMutation(CancelJobDocument, {
    update(cache, _result, { variables }) {
      if (!variables) return;
      cache.evict({ id: cache.identify({ __typename: 'WaitingJob', id: variables.jobId }) });
      cache.gc();
    },
  });
}
