import { useMutation } from '@apollo/client/react';
import { AdjustStockDocument } from './adminMerch.generated';

/**
 * Adds or takes away stock: the option's stock and the product's totals come back into the cache; the product's
 * history pages ask again (the server writes the new entry).
 */
export function useAdjustStock() {
  return useMutation(AdjustStockDocument, {
    update(cache) {
      cache.evict({ fieldName: 'stockAdjustments' });
      cache.gc();
    },
  });
}
