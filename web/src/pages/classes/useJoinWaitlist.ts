import { useMutation } from '@apollo/client/react';
import { JoinWaitlistDocument, MyWaitlistDocument } from './classes.generated';

/** Joins a full class's waitlist; the class's state comes back with the entry. */
export function useJoinWaitlist() {
  return useMutation(JoinWaitlistDocument, { refetchQueries: [MyWaitlistDocument] });
}
