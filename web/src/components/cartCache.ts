import type { ApolloCache } from '@apollo/client';
import { CartDocument, type CartQuery } from './cart.generated';

export type CartItem = CartQuery['cart']['items'][number];

/** Takes items out of the cached cart (when it is cached) and totals what is left; the bookings stay where they are. */
export function dropFromCart(cache: ApolloCache, leaving: (item: CartItem) => boolean): void {
  const existing = cache.readQuery({ query: CartDocument });
  if (!existing || !existing.cart.items.some(leaving)) return;
  const items = existing.cart.items.filter((item) => !leaving(item));
  cache.writeQuery({
    query: CartDocument,
    data: { cart: { ...existing.cart, items, totalItems: items.length, totalPriceCents: items.reduce((sum, i) => sum + i.priceCents, 0) } },
  });
}

/** Released held spots: out of the cart, and their bookings out of every list that shows them. */
export function releaseFromCart(cache: ApolloCache, leaving: (item: CartItem) => boolean): void {
  const released = (cache.readQuery({ query: CartDocument })?.cart.items ?? []).filter(leaving);
  dropFromCart(cache, leaving);
  for (const item of released) cache.evict({ id: cache.identify({ __typename: 'Booking', id: item.booking.id }) });
  cache.gc();
}
