import { useMutation } from '@apollo/client/react';
import { MakeProductImageCoverDocument } from './adminMerch.generated';

/** Makes a picture the cover; the product comes back with its images in their new order. */
export function useMakeProductImageCover() {
  return useMutation(MakeProductImageCoverDocument);
}
