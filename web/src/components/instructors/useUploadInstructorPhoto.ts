import { useApolloClient } from '@apollo/client/react';
import { useCallback, useState } from 'react';
import { readToken } from '../../app/storage';

/** The server's refusal of a photo, in its words (not a photo, too large, not yours to change). */
export class PhotoRefused extends Error {}

/** Where a photo is uploaded: the file's bytes as the body (the API reads its kind from them). */
export const instructorPhotoPath = (userId: string) => `/api/instructors/${encodeURIComponent(userId)}/photo`;

/**
 * Uploads an instructor's photo (PUT, the file as it is: GraphQL would carry it as base64 inside the 1 MB body limit)
 * and writes its new address into the cached person, so every avatar of theirs shows it at once.
 */
export function useUploadInstructorPhoto(): [(userId: string, file: File) => Promise<string>, { loading: boolean }] {
  const client = useApolloClient();
  const [loading, setLoading] = useState(false);
  const upload = useCallback(
    async (userId: string, file: File) => {
      setLoading(true);
      try {
        const token = readToken();
        const res = await fetch(instructorPhotoPath(userId), {
          method: 'PUT',
          headers: { 'content-type': file.type || 'application/octet-stream', ...(token ? { authorization: `Bearer ${token}` } : {}) },
          body: file,
        });
        const text = await res.text();
        // The REST facade answers refusals as text, naming the field ("photo: …").
        if (!res.ok) throw new PhotoRefused(text.replace(/^photo: /, '') || 'The photo could not be uploaded.');
        const { id, photoUrl } = JSON.parse(text) as { id: string; photoUrl: string };
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
