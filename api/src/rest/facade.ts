import type { ApolloServer } from '@apollo/server';
import express, { type Request, type Response } from 'express';
import type { Context } from '../graphql/context.js';
import { httpStatusFor } from '../graphql/errors.js';

/**
 * The documented /api paths (spec §7), each running exactly one GraphQL operation in-process against the same
 * schema and context, so access rules, validation and errors cannot differ between REST and GraphQL.
 */
export interface RestRoute {
  method: 'get' | 'post' | 'patch' | 'delete';
  path: string;
  operation: string;
  variables?: (req: Request) => Record<string, unknown>;
  /** Picks the answer out of the operation's data; undefined/null answers 204. */
  result: (data: Record<string, unknown>) => unknown;
  /** A CSV download instead of JSON (the answer must be the CSV text). */
  csvFilename?: (req: Request) => string;
}

const SESSION_USER = 'id username firstName lastName email role birthday waiverSigned';
const FAMILY_MEMBER = 'id firstName lastName birthday age isMinor hasLogin waiverSigned';

const CART_ITEM = `id classInstanceId priceCents booking { classInstance { date startTime endTime instructor { name }
  blueprint { name description apparatus { name } } } }`;
const dollars = (cents: number) => Math.round(cents) / 100;
type CartData = {
  items: { id: string; classInstanceId: string; priceCents: number; booking: { classInstance: unknown } }[];
  totalPriceCents: number;
  totalItems: number;
};

const body = (req: Request): Record<string, unknown> => (req.body && typeof req.body === 'object' ? req.body : {});

export const restRoutes: RestRoute[] = [
  {
    method: 'post',
    path: '/login',
    operation: `mutation RestLogin($username: String!, $password: String!) {
      login(username: $username, password: $password) { token redirect user { ${SESSION_USER} } } }`,
    variables: (req) => ({ username: body(req).username, password: body(req).password }),
    result: (data) => data.login,
  },
  {
    method: 'get',
    path: '/auth/verify',
    operation: `query RestVerify { me { ${SESSION_USER} } }`,
    result: (data) => ({ user: data.me }),
  },
  {
    method: 'get',
    path: '/profile',
    operation: `query RestProfile { profile { ${SESSION_USER} familyMembers { ${FAMILY_MEMBER} } } }`,
    result: (data) => data.profile,
  },
  {
    method: 'post',
    path: '/sign-waiver',
    operation: `mutation RestSignWaiver($userIds: [ID!]!) {
      signWaivers(userIds: $userIds) { signatures { id signedAt documentId documentVersion signedFor { id } } user { ${SESSION_USER} } } }`,
    variables: (req) => ({ userIds: body(req).userIds }),
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
    method: 'post',
    path: '/feedback',
    operation: `mutation RestFeedback($input: FeedbackInput!) { submitFeedback(input: $input) { id message category createdAt } }`,
    variables: (req) => ({ input: { message: body(req).message, category: body(req).category ?? 'general' } }),
    result: (data) => data.submitFeedback,
  },
  {
    method: 'get',
    path: '/cart',
    operation: `query RestCart { cart { totalPriceCents totalItems items { ${CART_ITEM} } } }`,
    // Spec §3: items with id, classInstanceId, totalPrice and classInstance; totalPrice; totalItems (dollars).
    result: (data) => {
      const cart = data.cart as CartData;
      return {
        items: cart.items.map((i) => ({
          id: i.id,
          classInstanceId: i.classInstanceId,
          totalPrice: dollars(i.priceCents),
          classInstance: i.booking.classInstance,
        })),
        totalPrice: dollars(cart.totalPriceCents),
        totalItems: cart.totalItems,
      };
    },
  },
  {
    method: 'delete',
    path: '/cart/:classInstanceId',
    operation: `mutation RestRemoveFromCart($id: ID!) { removeFromCart(classInstanceId: $id) }`,
    variables: (req) => ({ id: req.params.classInstanceId }),
    result: () => null,
  },
  {
    method: 'delete',
    path: '/cart',
    operation: `mutation RestClearCart { clearCart }`,
    result: () => null,
  },
  {
    method: 'get',
    path: '/admin/attendance.csv',
    operation: `query RestAttendanceCsv($from: String!, $to: String!) { attendanceCsv(from: $from, to: $to) }`,
    variables: (req) => ({ from: req.query.from, to: req.query.to }),
    result: (data) => data.attendanceCsv,
    csvFilename: (req) => `attendance-${String(req.query.from)}-to-${String(req.query.to)}.csv`,
  },
  {
    method: 'get',
    path: '/landing-page-config',
    operation: `query RestLandingPageConfig { landingPageConfig {
      announcementEnabled announcementText heroTitle heroSubtitle heroCta heroCtaLink heroBackgroundImage
      primaryColor secondaryColor featuresTitle featuresSubtitle featuresContent { icon title description }
      socialLinks { label url } } }`,
    result: (data) => data.landingPageConfig,
  },
];

/**
 * GraphQL words its variable errors for GraphQL clients ('Variable "$username" got invalid value undefined…'); a
 * REST caller sent a JSON body or a path, so the message names the field as it sent it.
 */
export function restMessage(message: string, fields?: Record<string, string>): string {
  // Field-level problems: a REST caller has no form to highlight them on, so the answer names them.
  if (fields && Object.keys(fields).length)
    return Object.entries(fields)
      .map(([field, problem]) => `${field}: ${problem}`)
      .join(' ');
  const variable = /^Variable "\$(\w+)" (?:got invalid value (.*?); (.*)|of required type "[^"]+" was not provided\.)$/s.exec(message);
  if (!variable) return message;
  const [, name, value, reason = ''] = variable;
  const field = /Field "(\w+)" of required type "[^"]+" was not provided/.exec(reason) ?? /at "\w+\.(\w+)"/.exec(reason);
  const subject = field ? field[1] : name;
  if (value === undefined || value === 'undefined' || value === 'null' || /not provided|not to be null/.test(reason))
    return `${subject} is required.`;
  const kind = /(String|Int|Float|Boolean|ID) cannot represent/.exec(reason)?.[1];
  const noun = { String: 'a string', Int: 'a whole number', Float: 'a number', Boolean: 'true or false', ID: 'an id' }[kind ?? ''];
  return noun ? `${subject} must be ${noun}.` : `${subject} is not valid.`;
}

export function restFacade(apollo: ApolloServer<Context>, contextFor: (req: Request) => Promise<Context>): express.Router {
  const router = express.Router();
  for (const route of restRoutes) {
    router[route.method](route.path, async (req: Request, res: Response) => {
      const contextValue = await contextFor(req);
      const response = await apollo.executeOperation({ query: route.operation, variables: route.variables?.(req) ?? {} }, { contextValue });
      if (response.body.kind !== 'single') throw new Error('Unexpected incremental response');
      const { data, errors } = response.body.singleResult;
      if (errors?.length) {
        const code = String(errors[0].extensions?.code ?? '');
        const retryAfter = errors[0].extensions?.retryAfterSeconds;
        if (typeof retryAfter === 'number') res.setHeader('Retry-After', String(retryAfter));
        res
          .status(httpStatusFor[code] ?? 500)
          .type('text/plain')
          .send(restMessage(errors[0].message, errors[0].extensions?.fields as Record<string, string> | undefined));
        return;
      }
      const answer = route.result((data ?? {}) as Record<string, unknown>);
      if (answer === undefined || answer === null) res.status(204).end();
      else if (route.csvFilename)
        res
          .type('text/csv')
          .attachment(route.csvFilename(req).replace(/[^\w.-]/g, '_'))
          .send(answer);
      else res.json(answer);
    });
  }
  router.use((_req, res) => {
    res.status(404).type('text/plain').send('Not found');
  });
  return router;
}
