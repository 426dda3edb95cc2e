import { requestBody, type RestRoute } from '../routes.js';
import { SESSION_USER } from '../users/user.rest.js';

export const waiverRestRoutes: RestRoute[] = [
  {
    method: 'post',
    path: '/sign-waiver',
    operation: `mutation RestSignWaiver($userIds: [ID!]!, $signature: WaiverSignatureInput) {
      signWaivers(userIds: $userIds, signature: $signature) { signatures { id signedAt documentId documentVersion signedFor { id } } user { ${SESSION_USER} } } }`,
    // The spec's payload is {userIds}; a client that captures a typed signature adds {signature: {typedName, drawing}}.
    variables: (req) => ({ userIds: requestBody(req).userIds, signature: requestBody(req).signature }),
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
  {
    method: 'get',
    path: '/waivers/signatures/:id.pdf',
    operation: `query RestSignedWaiverPdf($id: ID!) { waiverSignaturePdf(id: $id) { filename contentBase64 } }`,
    variables: (req) => ({ id: req.params.id }),
    result: (data) => data.waiverSignaturePdf,
    file: (answer) => {
      const pdf = answer as { filename: string; contentBase64: string };
      return { type: 'application/pdf', filename: pdf.filename, content: Buffer.from(pdf.contentBase64, 'base64') };
    },
  },
];
