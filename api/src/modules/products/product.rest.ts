import { PRODUCT_IMAGE_MAX_BYTES } from '@studio/rules';
import type { RestRoute } from '../../rest/route.js';

export const productRestRoutes: RestRoute[] = [
  {
    method: 'get',
    path: '/product-images/:id/:size.webp',
    operation: `query RestProductImage($id: ID!, $size: ProductImageSize!) { productImageFile(imageId: $id, size: $size) { contentType contentBase64 } }`,
    variables: (req) => ({ id: req.params.id, size: req.params.size }),
    result: (data) => data.productImageFile,
    // An image id is never reused and its files never change: the address may be kept for good.
    file: (answer, req) => {
      const image = answer as { contentType: string; contentBase64: string };
      return {
        type: image.contentType,
        filename: `${String(req.params.size)}.webp`,
        content: Buffer.from(image.contentBase64, 'base64'),
        inline: true,
        cacheControl: 'public, max-age=31536000, immutable',
      };
    },
  },
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
