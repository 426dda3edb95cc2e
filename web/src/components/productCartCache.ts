import type { ApolloCache } from '@apollo/client';
import { ProductCartDocument, type ProductCartLineFragment } from './cart.generated';

export type ProductLine = ProductCartLineFragment;

/** Every product cart mutation answers the whole product cart: it replaces the cached one as is. */
export function writeProductCart(cache: ApolloCache, productCart: readonly ProductLine[]): void {
  cache.writeQuery({ query: ProductCartDocument, data: { productCart: [...productCart] } });
}
