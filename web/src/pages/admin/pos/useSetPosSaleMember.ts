import { useMutation } from '@apollo/client/react';
import { SetPosSaleMemberDocument } from './pos.generated';

/** Sets who is buying; the sale comes back whole (normalised by id). */
export function useSetPosSaleMember() {
  return useMutation(SetPosSaleMemberDocument);
}
