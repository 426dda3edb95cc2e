import { useMutation } from '@apollo/client/react';
import { CreateProductDocument } from './adminMerch.generated';

/** Adds a product; the table's pages ask again (the server places the new row). */
export function useCreateProduct() {
  return useMutation(CreateProductDocument, {
    update(cache) {
      cache.evict({ fieldName: 'adminProducts' });
      cache.gc();
    },
  });
}
