import { useMutation } from '@apollo/client/react';
import { SetMovesLevelDocument } from './adminMoves.generated';

/** Moves several moves to one level; the table's pages ask again (a level filter or sort may place them elsewhere). */
export function useSetMovesLevel() {
  return useMutation(SetMovesLevelDocument, {
    update(cache) {
      cache.evict({ fieldName: 'adminMoves' });
      cache.gc();
    },
  });
}
