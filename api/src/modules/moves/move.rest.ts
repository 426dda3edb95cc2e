import { INSTRUCTOR_PHOTO_MAX_BYTES } from '@studio/rules';
import type { RestRoute } from '../routes.js';

export const moveRestRoutes: RestRoute[] = [
  {
    method: 'put',
    path: '/moves/:id/image',
    operation: `mutation RestSetMoveImage($id: ID!, $image: Byte!) { setMoveImage(moveId: $id, image: $image) { id imageUrl } }`,
    // The body is the image file itself (any content type: the server goes by the file's bytes).
    variables: (req) => ({ id: req.params.id, image: Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0) }),
    result: (data) => data.setMoveImage,
    rawBody: { limit: `${INSTRUCTOR_PHOTO_MAX_BYTES}b`, tooLarge: 'The image is larger than 5 MB.' },
  },
  {
    method: 'delete',
    path: '/moves/:id/image',
    operation: `mutation RestRemoveMoveImage($id: ID!) { removeMoveImage(moveId: $id) { id } }`,
    variables: (req) => ({ id: req.params.id }),
    result: () => null,
  },
];
