import { useMutation } from '@apollo/client/react';
import { VoidPosSaleDocument } from './pos.generated';

/** Abandons the open sale. */
export function useVoidPosSale() {
  return useMutation(VoidPosSaleDocument);
}
