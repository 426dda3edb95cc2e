import type { RestRoute } from '../routes.js';
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
