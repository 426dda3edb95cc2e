import { useMutation } from '@apollo/client/react';
import { OpenPosSaleDocument } from './pos.generated';

/** Starts a sale on the register (the page keeps its id). */
export function useOpenPosSale() {
  return useMutation(OpenPosSaleDocument);
}
