import { useMutation } from '@apollo/client/react';
import { RemoveProductImageDocument } from './adminMerch.generated';

/** Removes a picture; the product comes back with its images and cover. */
export function useRemoveProductImage() {
  return useMutation(RemoveProductImageDocument);
}
