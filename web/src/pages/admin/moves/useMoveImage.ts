import { useApolloClient, useMutation } from '@apollo/client/react';
import { useCallback } from 'react';
import { putFile } from '../../../app/putFile';
import { RemoveMoveImageDocument } from './adminMoves.generated';

/** Where a move's picture is uploaded: the file's bytes as the body (the API reads its kind from them). */
const moveImagePath = (moveId: string) => `/api/moves/${encodeURIComponent(moveId)}/image`;

/** Sets a move's picture (the file as it is, see putFile) and writes its new address into the cached move. */
export function useUploadMoveImage(): (moveId: string, file: File) => Promise<string> {
  const client = useApolloClient();
  return useCallback(
    async (moveId: string, file: File) => {
      const { id, imageUrl } = await putFile<{ id: string; imageUrl: string }>(
        moveImagePath(moveId),
        file,
        'The picture could not be uploaded.',
      );
      client.cache.modify({ id: client.cache.identify({ __typename: 'Move', id }), fields: { imageUrl: () => imageUrl } });
      return imageUrl;
    },
    [client],
  );
}

/** Removes a move's picture; the answer (id, imageUrl: null) updates the cached move. */
export const useRemoveMoveImage = () => useMutation(RemoveMoveImageDocument);
