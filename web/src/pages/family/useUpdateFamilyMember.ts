import { useMutation } from '@apollo/client/react';
import { UpdateFamilyMemberDocument } from './family.generated';

/** Changes a family member; the answer replaces the cached person. */
export const useUpdateFamilyMember = () => useMutation(UpdateFamilyMemberDocument);
