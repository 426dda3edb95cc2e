import { PRODUCT_IMAGE_MAX_BYTES } from '@studio/rules';
import type { RestRoute } from '../routes.js';

export const productRestRoutes: RestRoute[] = [
  {
    method: 'post',
    path: '/products/:id/images',
    operation: `mutation RestAddProductImage($id: ID!, $image: Byte!) { addProductImage(productId: $id, image: $image) { id images { id url thumbnailUrl width height } } }`,
    // The body is the image file itself (any content type: the server goes by the file's bytes).
    variables: (req) => ({ id: req.params.id, image: Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0) }),
    result: (data) => data.addProductImage,
    rawBody: { limit: `${PRODUCT_IMAGE_MAX_BYTES}b`, tooLarge: 'The image is larger than 5 MB.' },
  },
];
