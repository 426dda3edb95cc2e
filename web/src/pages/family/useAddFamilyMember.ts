import { useMutation } from '@apollo/client/react';
import { FamilyMemberFragmentDoc } from '../../app/session.generated';
import { AddFamilyMemberDocument } from './family.generated';

/** Adds a family member; they join the parent's cached family list. */
export function useAddFamilyMember(parentId: string) {
  return useMutation(AddFamilyMemberDocument, {
    update(cache, { data }) {
      if (!data) return;
      const ref = cache.writeFragment({ fragment: FamilyMemberFragmentDoc, fragmentName: 'FamilyMember', data: data.addFamilyMember });
      cache.modify({
        id: cache.identify({ __typename: 'User', id: parentId }),
        fields: { familyMembers: (existing) => [...((existing as readonly unknown[] | undefined) ?? []), ref] },
      });
    },
  });
}
