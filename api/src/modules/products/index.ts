import { defineModule } from '../module.js';
import { Product, ProductVariant } from './product.entity.js';
import { ProductResolver } from './product.resolver.js';
import { ProductService } from './product.service.js';

/** What the studio sells (merch, snacks, and the system categories other flows use) and its stock. */
export const productsModule = defineModule({
  name: 'products',
  uses: [],
  entities: [Product, ProductVariant],
  resolvers: [ProductResolver],
  service: () => new ProductService(),
});
