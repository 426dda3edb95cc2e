import { useMutation } from '@apollo/client/react';
import { dropFromCart } from '../../components/cartCache';
import { ClaimSpotDocument } from './classes.generated';
import { dropWaitlistPlacesOf } from './placesCache';

/** Accepts a free spot offered from the waitlist: the booking is confirmed, out of the cart and off "My waitlist". */
export function useClaimSpot() {
  return useMutation(ClaimSpotDocument, {
    update(cache, { data }) {
      if (!data) return;
      const booking = data.claimSpot;
      dropFromCart(cache, (item) => item.booking.id === booking.id);
      dropWaitlistPlacesOf(cache, booking.classInstance.id, booking.attendee.id);
    },
  });
}
