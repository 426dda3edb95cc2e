import { useMutation } from '@apollo/client/react';
import { writeProductCart } from '../../components/productCartCache';
import { AddProductToCartDocument } from './merch.generated';

/** Puts a product in the cart; the answer is the whole product cart, written over the cached one. */
export function useAddProductToCart() {
  return useMutation(AddProductToCartDocument, {
    update: (cache, { data }) => data && writeProductCart(cache, data.addProductToCart),
  });
}
