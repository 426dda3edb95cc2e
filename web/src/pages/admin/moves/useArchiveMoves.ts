import { useMutation } from '@apollo/client/react';
import { ArchiveMovesDocument } from './adminMoves.generated';

/** Archives moves or brings them back; the table's pages and the catalogue ask again (they leave or rejoin both). */
export function useArchiveMoves() {
  return useMutation(ArchiveMovesDocument, {
    update(cache) {
      cache.evict({ fieldName: 'adminMoves' });
      cache.evict({ fieldName: 'moveCatalogue' });
      cache.gc();
    },
  });
}
