import { useMutation } from '@apollo/client/react';
import { CartDocument } from '../../components/cart.generated';
import { BookClassTogetherDocument } from './classes.generated';
import { addMyBooking, dropGonePlaces } from './placesCache';

/** Books several people of the family into one class; each booking made is written where the pages read it, as useBookClass does. */
export function useBookClassTogether() {
  return useMutation(BookClassTogetherDocument, {
    update(cache, { data }) {
      if (!data) return;
      const { outcomes, classInstance, cart } = data.bookClassTogether;
      dropGonePlaces(cache, classInstance);
      for (const { booking } of outcomes) if (booking) addMyBooking(cache, booking.id);
      cache.writeQuery({ query: CartDocument, data: { cart } });
    },
  });
}
