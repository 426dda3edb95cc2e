import { useMutation } from '@apollo/client/react';
import { ArchiveProductDocument } from './adminMerch.generated';

/** Takes a product out of the shop; the table's pages ask again (it may leave the "on sale" filter). */
export function useArchiveProduct() {
  return useMutation(ArchiveProductDocument, {
    update(cache) {
      cache.evict({ fieldName: 'adminProducts' });
      cache.evict({ fieldName: 'products' });
      cache.gc();
    },
  });
}
