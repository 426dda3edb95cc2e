import { requestBody, type RestRoute } from '../routes.js';
import { SESSION_USER } from '../users/user.rest.js';

export const authRestRoutes: RestRoute[] = [
  {
    method: 'post',
    path: '/login',
    operation: `mutation RestLogin($username: String!, $password: String!) {
      login(username: $username, password: $password) { token redirect user { ${SESSION_USER} } } }`,
    variables: (req) => ({ username: requestBody(req).username, password: requestBody(req).password }),
    result: (data) => data.login,
  },
  {
    method: 'get',
    path: '/auth/verify',
    operation: `query RestVerify { me { ${SESSION_USER} } }`,
    result: (data) => ({ user: data.me }),
  },
];
