import { useMutation } from '@apollo/client/react';
import { ClearProductCartDocument } from './CartPanel.generated';
import { writeProductCart } from './productCartCache';

/** Empties the product cart (the class cart is cleared beside it by useClearCart). */
export function useClearProductCart() {
  return useMutation(ClearProductCartDocument, { update: (cache) => writeProductCart(cache, []) });
}
