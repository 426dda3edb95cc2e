import { useMutation } from '@apollo/client/react';
import { ImportMovesDocument } from './adminMoves.generated';

/** Imports moves from CSV; a real run (not a dry run) drops the cached table pages and catalogue. */
export function useImportMoves() {
  return useMutation(ImportMovesDocument, {
    update(cache, { data }) {
      if (!data || data.importMoves.dryRun) return;
      cache.evict({ fieldName: 'adminMoves' });
      cache.evict({ fieldName: 'moveCatalogue' });
      cache.gc();
    },
  });
}
