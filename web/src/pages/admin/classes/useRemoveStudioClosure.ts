import { useMutation } from '@apollo/client/react';
import { RemoveStudioClosureDocument } from './classAdmin.generated';

/** Opens a closed date again; the closure leaves the cached list (cancelled classes stay cancelled). */
export function useRemoveStudioClosure() {
  return useMutation(RemoveStudioClosureDocument, {
    update(cache, _result, { variables }) {
      if (!variables) return;
      cache.evict({ id: cache.identify({ __typename: 'StudioClosure', id: variables.id }) });
      cache.gc();
    },
  });
}
