import { useApolloClient } from '@apollo/client/react';
import { useCallback, useState } from 'react';
import { readToken } from '../../../app/storage';
import { ProductImagesFragmentDoc, type ProductImagePartsFragment } from './adminMerch.generated';

/** The server's refusal of an image, in its words (not an image, too large, too many). */
export class ImageRefused extends Error {}

/** Where a product's pictures are uploaded: the file's bytes as the body (the API reads its kind from them). */
export const productImagesPath = (productId: string) => `/api/products/${encodeURIComponent(productId)}/images`;

/**
 * Uploads a product picture (POST, the file as it is: GraphQL would carry it as base64 inside the 1 MB body limit)
 * and writes the product's new images into the cache, so the table, the drawer and the shop show them at once.
 */
export function useUploadProductImage(): [(productId: string, file: File) => Promise<void>, { loading: boolean }] {
  const client = useApolloClient();
  const [loading, setLoading] = useState(false);
  const upload = useCallback(
    async (productId: string, file: File) => {
      setLoading(true);
      try {
        const token = readToken();
        const res = await fetch(productImagesPath(productId), {
          method: 'POST',
          headers: { 'content-type': file.type || 'application/octet-stream', ...(token ? { authorization: `Bearer ${token}` } : {}) },
          body: file,
        });
        const text = await res.text();
        // The REST facade answers refusals as text, naming the field ("image: …").
        if (!res.ok) throw new ImageRefused(text.replace(/^image: /, '') || 'The image could not be uploaded.');
        const answer = JSON.parse(text) as { id: string; images: Omit<ProductImagePartsFragment, '__typename'>[] };
        // Typenames let the cache store each picture by id (the REST answer has none).
        const images = answer.images.map((i) => ({ __typename: 'ProductImage' as const, ...i }));
        const data = { __typename: 'Product' as const, id: answer.id, coverImage: images[0] ?? null, images };
        client.cache.writeFragment({
          id: client.cache.identify(data),
          fragment: ProductImagesFragmentDoc,
          fragmentName: 'ProductImages',
          data,
        });
      } finally {
        setLoading(false);
      }
    },
    [client],
  );
  return [upload, { loading }];
}
