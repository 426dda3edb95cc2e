import { useMutation } from '@apollo/client/react';
import { MyBookingsDocument } from '../pages/classes/classes.generated';
import { ClearCartDocument } from './CartPanel.generated';
import { dropFromCart } from './cartCache';

/** Empties the class cart (freeing every held spot). */
export function useClearCart() {
  return useMutation(ClearCartDocument, { refetchQueries: [MyBookingsDocument], update: (cache) => dropFromCart(cache, () => false) });
}
