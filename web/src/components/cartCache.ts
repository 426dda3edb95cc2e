import type { ApolloCache } from '@apollo/client';
import { CartDocument, type CartQuery } from './cart.generated';

export type CartItem = CartQuery['cart']['items'][number];

/** Takes removed items out of the cached cart and drops their bookings everywhere else they are shown. */
export function dropFromCart(cache: ApolloCache, keep: (item: CartItem) => boolean): void {
  const existing = cache.readQuery({ query: CartDocument });
  if (!existing) return;
  const items = existing.cart.items.filter(keep);
  const removed = existing.cart.items.filter((i) => !keep(i));
  cache.writeQuery({
    query: CartDocument,
    data: { cart: { ...existing.cart, items, totalItems: items.length, totalPriceCents: items.reduce((sum, i) => sum + i.priceCents, 0) } },
  });
  for (const item of removed) cache.evict({ id: cache.identify({ __typename: 'Booking', id: item.booking.id }) });
  cache.gc();
}
