import { useMutation } from '@apollo/client/react';
import { LeaveWaitlistDocument } from './classes.generated';
import { addMyBooking, dropGonePlaces } from './placesCache';

/**
 * Leaves a waitlist (or turns down an offered spot, whose held booking is released): the place leaves every list.
 * A released spot may go to another child of this family; their bookings in the class join "My bookings".
 */
export function useLeaveWaitlist() {
  return useMutation(LeaveWaitlistDocument, {
    update(cache, { data }) {
      if (!data) return;
      const { id, classInstance } = data.leaveWaitlist;
      cache.evict({ id: cache.identify({ __typename: 'WaitlistEntry', id }) });
      dropGonePlaces(cache, classInstance);
      for (const booking of classInstance.myBookings) addMyBooking(cache, booking.id);
    },
  });
}
