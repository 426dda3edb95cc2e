import { requestBody, type RestRoute } from '../../rest/route.js';
import { SESSION_USER } from '../users/user.rest.js';

export const waiverRestRoutes: RestRoute[] = [
  {
    method: 'post',
    path: '/sign-waiver',
    operation: `mutation RestSignWaiver($userIds: [ID!]!) {
      signWaivers(userIds: $userIds) { signatures { id signedAt documentId documentVersion signedFor { id } } user { ${SESSION_USER} } } }`,
    variables: (req) => ({ userIds: requestBody(req).userIds }),
    result: (data) => {
      const signed = data.signWaivers as { signatures: { signedFor: { id: string } }[]; user: unknown };
      return {
        success: true,
        signedUserIds: signed.signatures.map((s) => s.signedFor.id),
        signatures: signed.signatures,
        user: signed.user,
      };
    },
  },
];
