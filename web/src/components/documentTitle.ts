import { useEffect } from 'react';

export const STUDIO_NAME = 'Aerial Studio';

export function useDocumentTitle(title: string) {
  useEffect(() => {
    document.title = title ? `${title} · ${STUDIO_NAME}` : STUDIO_NAME;
  }, [title]);
}
