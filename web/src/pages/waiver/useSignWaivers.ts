import { useMutation } from '@apollo/client/react';
import { MyWaiverSignaturesDocument, SignWaiversDocument } from './waiver.generated';

/**
 * Signs the waiver for the member and chosen minors; the people signed for come back with waiverSigned set, and
 * the new records go to the top of the member's "On record" list.
 */
export const useSignWaivers = () =>
  useMutation(SignWaiversDocument, {
    update(cache, { data }) {
      const added = data?.signWaivers.signatures ?? [];
      if (!added.length) return;
      cache.updateQuery({ query: MyWaiverSignaturesDocument }, (list) =>
        list ? { myWaiverSignatures: [...added, ...list.myWaiverSignatures.filter((s) => !added.some((a) => a.id === s.id))] } : list,
      );
    },
  });
