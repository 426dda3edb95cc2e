import { useMutation } from '@apollo/client/react';
import { SetPosDiscountDocument } from './pos.generated';

/** A discount with its reason on a line or the sale; the sale comes back whole. */
export function useSetPosDiscount() {
  return useMutation(SetPosDiscountDocument);
}
