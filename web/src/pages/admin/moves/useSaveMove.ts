import { useMutation } from '@apollo/client/react';
import { SaveMoveDocument } from './adminMoves.generated';

/**
 * Adds or edits a move. The edited row updates in the cache by itself; the table's pages and the catalogue ask again
 * (a new move, or one moved to another apparatus or level, belongs elsewhere in them).
 */
export function useSaveMove() {
  return useMutation(SaveMoveDocument, {
    update(cache) {
      cache.evict({ fieldName: 'adminMoves' });
      cache.evict({ fieldName: 'moveCatalogue' });
      cache.gc();
    },
  });
}
