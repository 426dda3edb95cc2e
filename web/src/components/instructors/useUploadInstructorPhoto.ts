import { useApolloClient } from '@apollo/client/react';
import { useCallback, useState } from 'react';
import { putFile } from '../../app/putFile';

/** Where a photo is uploaded: the file's bytes as the body (the API reads its kind from them). */
export const instructorPhotoPath = (userId: string) => `/api/instructors/${encodeURIComponent(userId)}/photo`;

/**
 * Uploads an instructor's photo (the file as it is, see putFile)
 * and writes its new address into the cached person, so every avatar of theirs shows it at once.
 */
export function useUploadInstructorPhoto(): [(userId: string, file: File) => Promise<string>, { loading: boolean }] {
  const client = useApolloClient();
  const [loading, setLoading] = useState(false);
  const upload = useCallback(
    async (userId: string, file: File) => {
      setLoading(true);
      try {
        const { id, photoUrl } = await putFile<{ id: string; photoUrl: string }>(
          instructorPhotoPath(userId),
          file,
          'The photo could not be uploaded.',
        );
        client.cache.modify({ id: client.cache.identify({ __typename: 'PersonSummary', id }), fields: { photoUrl: () => photoUrl } });
        return photoUrl;
      } finally {
        setLoading(false);
      }
    },
    [client],
  );
  return [upload, { loading }];
}
