import { useMutation } from '@apollo/client/react';
import { SetPosLineQuantityDocument } from './pos.generated';

/** Changes or removes a line; the sale comes back whole. */
export function useSetPosLineQuantity() {
  return useMutation(SetPosLineQuantityDocument);
}
