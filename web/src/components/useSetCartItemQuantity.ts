import { useMutation } from '@apollo/client/react';
import { SetCartItemQuantityDocument } from './CartPanel.generated';
import { writeProductCart } from './productCartCache';

/** Changes how many of a product the cart holds (stock is checked by the server). */
export function useSetCartItemQuantity() {
  return useMutation(SetCartItemQuantityDocument, {
    update: (cache, { data }) => data && writeProductCart(cache, data.setCartItemQuantity),
  });
}
