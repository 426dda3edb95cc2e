import type { RestRoute } from '../../rest/route.js';
import { INSTRUCTOR_PHOTO_MAX_BYTES } from '@studio/rules';

/** The signed-in user as the REST facade answers it (login, verify, profile, sign-waiver). */
export const SESSION_USER = 'id username firstName lastName email role birthday waiverSigned';
const FAMILY_MEMBER = 'id firstName lastName birthday age isMinor hasLogin waiverSigned';

export const userRestRoutes: RestRoute[] = [
  {
    method: 'get',
    path: '/profile',
    operation: `query RestProfile { profile { ${SESSION_USER} familyMembers { ${FAMILY_MEMBER} } } }`,
    result: (data) => data.profile,
  },
  {
    method: 'get',
    path: '/instructors/:id/photo',
    operation: `query RestInstructorPhoto($id: ID!) { instructorPhoto(userId: $id) { contentType contentBase64 version } }`,
    variables: (req) => ({ id: req.params.id }),
    result: (data) => data.instructorPhoto,
    // The photo's address names its version (PersonSummary.photoUrl): that address never changes its answer.
    file: (answer, req) => {
      const photo = answer as { contentType: string; contentBase64: string; version: string };
      return {
        type: photo.contentType,
        filename: 'instructor-photo.webp',
        content: Buffer.from(photo.contentBase64, 'base64'),
        inline: true,
        cacheControl: req.query.v === photo.version ? 'public, max-age=31536000, immutable' : 'public, no-cache',
      };
    },
  },
  {
    method: 'put',
    path: '/instructors/:id/photo',
    operation: `mutation RestSetInstructorPhoto($id: ID!, $photo: Byte!) { setInstructorPhoto(userId: $id, photo: $photo) { id photoUrl } }`,
    // The body is the image file itself (any content type: the server goes by the file's bytes).
    variables: (req) => ({ id: req.params.id, photo: Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0) }),
    result: (data) => data.setInstructorPhoto,
    rawBody: { limit: `${INSTRUCTOR_PHOTO_MAX_BYTES}b`, tooLarge: 'The photo is larger than 5 MB.' },
  },
  {
    method: 'delete',
    path: '/instructors/:id/photo',
    operation: `mutation RestRemoveInstructorPhoto($id: ID!) { removeInstructorPhoto(userId: $id) { id } }`,
    variables: (req) => ({ id: req.params.id }),
    result: () => null,
  },
];
