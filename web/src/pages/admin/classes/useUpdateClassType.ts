import { useMutation } from '@apollo/client/react';
import { UpdateClassTypeDocument, type ClassTypeRowFragment } from './classAdmin.generated';

/**
 * Changes a class type; the row comes back and replaces the cached one. Activating or deactivating it moves it in
 * or out of the "active" lists, which ask again.
 */
export function useUpdateClassType(before: Pick<ClassTypeRowFragment, 'isActive'> | null) {
  return useMutation(UpdateClassTypeDocument, {
    update(cache, { data }) {
      if (data && before && data.updateClassBlueprint.isActive !== before.isActive) {
        cache.evict({ fieldName: 'classBlueprints' });
        cache.gc();
      }
    },
  });
}
