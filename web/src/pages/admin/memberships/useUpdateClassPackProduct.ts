import { useMutation } from '@apollo/client/react';
import { UpdateClassPackProductDocument } from './adminMemberships.generated';

/**
 * Changes a class pack (also takes it off sale or back on); the pack comes back and replaces the cached one. The
 * shop's lists may gain or lose it, so they ask again.
 */
export function useUpdateClassPackProduct() {
  return useMutation(UpdateClassPackProductDocument, {
    update(cache) {
      cache.evict({ fieldName: 'products' });
      cache.gc();
    },
  });
}
