import { useMutation } from '@apollo/client/react';
import { EndSessionDocument } from './sessions.generated';

/** Ends one of the user's other sessions and drops it from the cached list (no refetch). */
export const useEndSession = () =>
  useMutation(EndSessionDocument, {
    update(cache, { data }) {
      if (!data) return;
      cache.evict({ id: cache.identify(data.endSession) });
      cache.gc();
    },
  });
