import { useMutation } from '@apollo/client/react';
import { ClearCartDocument } from './CartPanel.generated';
import { releaseFromCart } from './cartCache';

/** Empties the class cart; every held spot leaves the cart and every list of bookings at once. */
export function useClearCart() {
  return useMutation(ClearCartDocument, { update: (cache) => releaseFromCart(cache, () => true) });
}
