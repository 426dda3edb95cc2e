import { mergeCart } from './cart.merge.js';
import { defineModule } from '../module.js';
import { productsModule } from '../products/index.js';
import { CartResolver } from './cart.resolver.js';
import { cartRestRoutes } from './cart.rest.js';
import { CartService } from './cart.service.js';
import { ProductCartItem } from './product-cart-item.entity.js';

/** The product cart (merch and snacks), beside the class cart of held spots that bookings keep. */
export const cartModule = defineModule({
  name: 'cart',
  uses: [productsModule],
  entities: [ProductCartItem],
  resolvers: [CartResolver],
  restRoutes: cartRestRoutes,
  service: ({ products }) => new CartService(products),
  // The duplicate's rows of an account merge are the kept account's.
  events: (on) => on('member.merged', 'inTransaction', (tx, pair) => mergeCart(tx, pair)),
});
