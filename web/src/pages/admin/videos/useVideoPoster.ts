import { useApolloClient, useMutation } from '@apollo/client/react';
import { useCallback } from 'react';
import { putFile } from '../../../app/putFile';
import { RemoveVideoPosterDocument } from './adminVideos.generated';

/** Sets a video's poster (the file as it is: the API reads its kind from its bytes) and writes its address into the cache. */
export function useUploadVideoPoster(): (videoId: string, file: File) => Promise<string> {
  const client = useApolloClient();
  return useCallback(
    async (videoId: string, file: File) => {
      const { id, posterUrl } = await putFile<{ id: string; posterUrl: string }>(
        `/api/videos/${encodeURIComponent(videoId)}/poster`,
        file,
        'The poster could not be uploaded.',
      );
      client.cache.modify({ id: client.cache.identify({ __typename: 'Video', id }), fields: { posterUrl: () => posterUrl } });
      return posterUrl;
    },
    [client],
  );
}

/** Removes a video's poster; the answer (id, posterUrl: null) updates the cached video. */
export const useRemoveVideoPoster = () => useMutation(RemoveVideoPosterDocument);
