import { useMutation } from '@apollo/client/react';
import { ClosePosDayDocument } from './pos.generated';

/** Closes the day; its report comes back (the day query is asked again). */
export function useClosePosDay() {
  return useMutation(ClosePosDayDocument, {
    update(cache) {
      cache.evict({ fieldName: 'posDayReport' });
      cache.evict({ fieldName: 'posSales' });
      cache.gc();
    },
  });
}
