import { useMutation } from '@apollo/client/react';
import { CreateClassTypeDocument } from './classAdmin.generated';

/** Adds a class type; the class type lists ask again (the server places the new row). */
export function useCreateClassType() {
  return useMutation(CreateClassTypeDocument, {
    update(cache) {
      cache.evict({ fieldName: 'classBlueprints' });
      cache.gc();
    },
  });
}
