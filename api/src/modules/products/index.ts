import { mergeProducts } from './products.merge.js';
import { defineModule } from '../module.js';
import { notificationsModule } from '../notifications/index.js';
import { Product, ProductImage, ProductVariant, StockAdjustment } from './product.entity.js';
import { productLoaders } from './product.loaders.js';
import { ProductImageResolver, ProductResolver, StockAdjustmentResolver } from './product.resolver.js';
import { productRestRoutes } from './product.rest.js';
import { productHttpRoutes } from './product.routes.js';
import { ProductService } from './product.service.js';

/** What the studio sells (merch, snacks, and the system categories other flows use), its stock, images and history. */
export const productsModule = defineModule({
  name: 'products',
  uses: [notificationsModule],
  entities: [Product, ProductVariant, ProductImage, StockAdjustment],
  resolvers: [ProductResolver, ProductImageResolver, StockAdjustmentResolver],
  restRoutes: productRestRoutes,
  service: ({ notifications, storage }) => new ProductService(notifications, storage),
  httpRoutes: (services) => productHttpRoutes(services),
  loaders: (request) => productLoaders(request),
  // The duplicate's rows of an account merge are the kept account's.
  events: (on) => on('member.merged', 'inTransaction', (tx, pair) => mergeProducts(tx, pair)),
});
