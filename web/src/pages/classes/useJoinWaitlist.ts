import { useMutation } from '@apollo/client/react';
import { JoinWaitlistDocument } from './classes.generated';
import { addMyWaitlistEntry } from './placesCache';

/** Joins a full class's waitlist: the place joins "My waitlist"; the class's state comes back with it. */
export function useJoinWaitlist() {
  return useMutation(JoinWaitlistDocument, {
    update(cache, { data }) {
      if (data) addMyWaitlistEntry(cache, data.joinWaitlist.id);
    },
  });
}
