import { useMutation } from '@apollo/client/react';
import { MyBookingsDocument } from '../pages/classes/classes.generated';
import { RemoveFromCartDocument } from './CartPanel.generated';
import { dropFromCart } from './cartCache';

/** Removes one class's held spots from the cart (freeing them). */
export function useRemoveFromCart() {
  return useMutation(RemoveFromCartDocument, {
    refetchQueries: [MyBookingsDocument],
    update: (cache, _result, { variables }) => dropFromCart(cache, (i) => i.classInstanceId !== variables?.classInstanceId),
  });
}
