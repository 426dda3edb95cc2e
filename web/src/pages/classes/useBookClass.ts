import { useMutation } from '@apollo/client/react';
import { CartDocument } from '../../components/cart.generated';
import { BookClassDocument, MyBookingsDocument, MyWaitlistDocument } from './classes.generated';

/** Books a spot for the member or a child; the class's state comes back with the booking. */
export function useBookClass() {
  return useMutation(BookClassDocument, { refetchQueries: [MyBookingsDocument, MyWaitlistDocument, CartDocument] });
}
