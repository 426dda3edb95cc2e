import { useMutation } from '@apollo/client/react';
import { MoveAdminCatalogueDocument, SaveMoveLevelDocument } from './adminMoves.generated';

/** Defines a level of an apparatus; a new level joins its apparatus in the cached catalogue, in number order. */
export function useSaveMoveLevel() {
  return useMutation(SaveMoveLevelDocument, {
    update(cache, { data }) {
      const level = data?.saveMoveLevel;
      if (!level) return;
      cache.updateQuery({ query: MoveAdminCatalogueDocument }, (prev) =>
        prev
          ? {
              moveCatalogue: prev.moveCatalogue.map((c) =>
                c.apparatus.id !== level.apparatus.id || c.levels.some((l) => l.id === level.id)
                  ? c
                  : { ...c, levels: [...c.levels, level].sort((a, b) => a.number - b.number) },
              ),
            }
          : prev,
      );
    },
  });
}
