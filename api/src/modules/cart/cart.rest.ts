import { dollarText } from '@studio/rules';
import type { RestRoute } from '../routes.js';

type ProductCartData = { productCart: { id: string; quantity: number; product: { priceCents: number } & Record<string, unknown> }[] };

export const cartRestRoutes: RestRoute[] = [
  {
    method: 'get',
    path: '/cart-items',
    operation: `query RestCartItems { productCart { id quantity product { name description priceCents category } } }`,
    // The REST shape: an array of {id, quantity, product{name, description, price, category}}.
    result: (data) =>
      (data as ProductCartData).productCart.map(({ id, quantity, product: { priceCents, ...product } }) => ({
        id,
        quantity,
        product: { name: product.name, description: product.description, price: dollarText(priceCents), category: product.category },
      })),
  },
  {
    method: 'delete',
    path: '/cart-items/:id',
    operation: `mutation RestRemoveCartItem($id: ID!) { removeCartItem(itemId: $id) { id } }`,
    variables: (req) => ({ id: req.params.id }),
    result: () => null,
  },
  {
    method: 'delete',
    path: '/cart-items',
    operation: `mutation RestClearCartItems { clearProductCart }`,
    result: () => null,
  },
];
