import { useMutation } from '@apollo/client/react';
import { RestoreProductDocument } from './adminMerch.generated';

/** Puts an archived product back in the shop; the table's pages ask again. */
export function useRestoreProduct() {
  return useMutation(RestoreProductDocument, {
    update(cache) {
      cache.evict({ fieldName: 'adminProducts' });
      cache.evict({ fieldName: 'products' });
      cache.gc();
    },
  });
}
