import DataLoader from 'dataloader';
import type { LoaderRequest } from '../../graphql/context.js';
import { ProductImage } from './product.entity.js';

export function productLoaders({ em }: LoaderRequest) {
  return {
    /** Each product's images, cover first (the cart's and the kiosk's products come without them). */
    productImages: new DataLoader<string, ProductImage[]>(async (productIds) => {
      const images = await em().find(ProductImage, { product: { $in: [...productIds] } }, { orderBy: { sortOrder: 'asc', id: 'asc' } });
      return productIds.map((id) => images.filter((i) => i.product.id === id));
    }),
  };
}
