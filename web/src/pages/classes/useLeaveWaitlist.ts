import { useMutation } from '@apollo/client/react';
import { LeaveWaitlistDocument } from './classes.generated';

/** Leaves a waitlist (or turns down an offered spot); the entry leaves every list that shows it. */
export function useLeaveWaitlist() {
  return useMutation(LeaveWaitlistDocument, {
    update(cache, { data }) {
      if (!data) return;
      cache.evict({ id: cache.identify({ __typename: 'WaitlistEntry', id: data.leaveWaitlist.id }) });
      cache.gc();
    },
  });
}
