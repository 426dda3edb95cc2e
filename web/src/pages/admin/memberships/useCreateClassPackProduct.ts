import { useMutation } from '@apollo/client/react';
import { CreateClassPackProductDocument } from './adminMemberships.generated';

/** Adds a class pack to the shop; the list of packs and the shop's product lists ask again. */
export function useCreateClassPackProduct() {
  return useMutation(CreateClassPackProductDocument, {
    update(cache) {
      cache.evict({ fieldName: 'classPackProducts' });
      cache.evict({ fieldName: 'products' });
      cache.gc();
    },
  });
}
