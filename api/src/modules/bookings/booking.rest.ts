import { dollarAmount } from '@studio/rules';
import type { RestRoute } from '../routes.js';

const CART_ITEM = `id classInstanceId priceCents booking { classInstance { date startTime endTime instructor { name }
  blueprint { name description apparatus { name } } } }`;
type CartData = {
  items: { id: string; classInstanceId: string; priceCents: number; booking: { classInstance: unknown } }[];
  totalPriceCents: number;
  totalItems: number;
};

export const bookingRestRoutes: RestRoute[] = [
  {
    method: 'get',
    path: '/cart',
    operation: `query RestCart { cart { totalPriceCents totalItems items { ${CART_ITEM} } } }`,
    // The REST shape: items with id, classInstanceId, totalPrice and classInstance; totalPrice; totalItems (dollars).
    result: (data) => {
      const cart = data.cart as CartData;
      return {
        items: cart.items.map((i) => ({
          id: i.id,
          classInstanceId: i.classInstanceId,
          totalPrice: dollarAmount(i.priceCents),
          classInstance: i.booking.classInstance,
        })),
        totalPrice: dollarAmount(cart.totalPriceCents),
        totalItems: cart.totalItems,
      };
    },
  },
  {
    method: 'delete',
    path: '/cart/:classInstanceId',
    operation: `mutation RestRemoveFromCart($id: ID!) { removeFromCart(classInstanceId: $id) }`,
    variables: (req) => ({ id: req.params.classInstanceId }),
    result: () => null,
  },
  {
    method: 'delete',
    path: '/cart',
    operation: `mutation RestClearCart { clearCart }`,
    result: () => null,
  },
];
