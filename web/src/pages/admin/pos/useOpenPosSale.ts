import { useMutation } from '@apollo/client/react';
import { OpenPosSaleDocument, PosSaleDocument } from './pos.generated';

/**
 * Starts a sale on the register (the page keeps its id). The new sale is written as the answer to its PosSale query,
 * so the page does not ask for it again: a request for the empty sale answered after the first line was added would
 * overwrite that line in the cache.
 */
export function useOpenPosSale() {
  return useMutation(OpenPosSaleDocument, {
    update(cache, { data }) {
      if (!data) return;
      cache.writeQuery({ query: PosSaleDocument, variables: { saleId: data.openPosSale.id }, data: { posSale: data.openPosSale } });
    },
  });
}
