import { useMutation } from '@apollo/client/react';
import { PauseMembershipDocument } from './adminMemberships.generated';

/** Pauses a membership between two days; its status may change, so a table filtered by status asks again. */
export function usePauseMembership() {
  return useMutation(PauseMembershipDocument, {
    update(cache) {
      cache.evict({ fieldName: 'adminMemberships' });
      cache.gc();
    },
  });
}
