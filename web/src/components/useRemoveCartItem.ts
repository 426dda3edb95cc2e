import { useMutation } from '@apollo/client/react';
import { RemoveCartItemDocument } from './CartPanel.generated';
import { writeProductCart } from './productCartCache';

/** Takes one product line out of the cart. */
export function useRemoveCartItem() {
  return useMutation(RemoveCartItemDocument, {
    update: (cache, { data }) => data && writeProductCart(cache, data.removeCartItem),
  });
}
