import { useMutation } from '@apollo/client/react';
import { RemoveFamilyMemberDocument } from './family.generated';

/** Removes a family member; they leave the parent's cached family list. */
export function useRemoveFamilyMember(parentId: string) {
  return useMutation(RemoveFamilyMemberDocument, {
    update(cache, _result, { variables }) {
      if (!variables) return;
      const id = cache.identify({ __typename: 'User', id: variables.id });
      cache.modify({
        id: cache.identify({ __typename: 'User', id: parentId }),
        fields: { familyMembers: (existing: readonly { __ref: string }[] = []) => existing.filter((r) => r.__ref !== id) },
      });
      cache.evict({ id });
      cache.gc();
    },
  });
}
