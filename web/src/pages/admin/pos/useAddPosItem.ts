import { useMutation } from '@apollo/client/react';
import { AddPosItemDocument } from './pos.generated';

/** Adds an item; the sale comes back whole (normalised by id), so the cart updates without a refetch. */
export function useAddPosItem() {
  return useMutation(AddPosItemDocument);
}
