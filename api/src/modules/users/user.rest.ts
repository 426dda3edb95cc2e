import type { RestRoute } from '../../rest/route.js';

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
];
