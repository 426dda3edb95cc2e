import { useMutation } from '@apollo/client/react';
import { ClassAdminChoicesDocument, SaveApparatusDocument } from './classAdmin.generated';

/** Creates or changes an apparatus and its rig points; a new one joins the cached list every filter and form uses. */
export function useSaveApparatus() {
  return useMutation(SaveApparatusDocument, {
    update(cache, { data }, { variables }) {
      if (!data || variables?.input.id) return;
      cache.updateQuery({ query: ClassAdminChoicesDocument }, (prev) =>
        prev ? { ...prev, apparatuses: [...prev.apparatuses, data.saveApparatus] } : prev,
      );
    },
  });
}
