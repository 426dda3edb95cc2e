import { useMutation } from '@apollo/client/react';
import { RemoveFromCartDocument } from './CartPanel.generated';
import { releaseFromCart } from './cartCache';

/** Removes one class's held spots from the cart; they leave the cart and every list of bookings at once. */
export function useRemoveFromCart() {
  return useMutation(RemoveFromCartDocument, {
    update: (cache, _result, { variables }) => releaseFromCart(cache, (i) => i.classInstanceId === variables?.classInstanceId),
  });
}
