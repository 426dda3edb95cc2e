import { useMutation } from '@apollo/client/react';
import { ImportMovePlacementsDocument } from './adminMoves.generated';

/** Imports level sheets as placements; a real run drops the students' cached moves. */
export function useImportMovePlacements() {
  return useMutation(ImportMovePlacementsDocument, {
    update(cache, { data }) {
      if (!data || data.importMovePlacements.dryRun) return;
      cache.evict({ fieldName: 'studentMoves' });
      cache.gc();
    },
  });
}
