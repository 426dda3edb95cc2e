import { useMutation } from '@apollo/client/react';
import { UpdateProductDocument } from './adminMerch.generated';

/**
 * Changes a product and its options; the row comes back and replaces the cached one. New initial stock is history,
 * so the product's stock history asks again.
 */
export function useUpdateProduct() {
  return useMutation(UpdateProductDocument, {
    update(cache) {
      cache.evict({ fieldName: 'stockAdjustments' });
      cache.gc();
    },
  });
}
