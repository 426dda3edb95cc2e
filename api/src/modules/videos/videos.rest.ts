import { INSTRUCTOR_PHOTO_MAX_BYTES } from '@studio/rules';
import type { RestRoute } from '../routes.js';

export const videoRestRoutes: RestRoute[] = [
  {
    method: 'put',
    path: '/videos/:id/poster',
    operation: `mutation RestSetVideoPoster($id: ID!, $image: Byte!) { setVideoPoster(videoId: $id, image: $image) { id posterUrl } }`,
    // The body is the image file itself (any content type: the server goes by the file's bytes).
    variables: (req) => ({ id: req.params.id, image: Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0) }),
    result: (data) => data.setVideoPoster,
    rawBody: { limit: `${INSTRUCTOR_PHOTO_MAX_BYTES}b`, tooLarge: 'The image is larger than 5 MB.' },
  },
];
