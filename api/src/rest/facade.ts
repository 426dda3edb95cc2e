import type { ApolloServer } from '@apollo/server';
import express, { type Request, type RequestHandler, type Response } from 'express';
import type { Context } from '../graphql/context.js';
import { httpStatusFor } from '../graphql/errors.js';
import { modules } from '../modules/index.js';
import type { RestFile, RestRoute } from '../modules/routes.js';

/**
 * The documented /api paths, each running exactly one GraphQL operation in-process against the same
 * schema and context, so access rules, validation and errors cannot differ between REST and GraphQL. Each module
 * lists its own paths in its descriptor (see rest/route.ts).
 */
export const restRoutes = modules.flatMap((module) => module.restRoutes ?? []);

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

/** Reads an upload's bytes as they are; past the route's limit it answers 413 in the route's own words. */
function rawUpload({ limit, tooLarge }: NonNullable<RestRoute['rawBody']>): RequestHandler {
  const parse = express.raw({ type: () => true, limit });
  return (req, res, next) =>
    parse(req, res, (err?: { type?: string }) => {
      if (err?.type === 'entity.too.large') res.status(413).type('text/plain').send(tooLarge);
      else next(err);
    });
}

function sendFile(res: Response, file: RestFile): void {
  const filename = file.filename.replace(/[^\w.-]/g, '_');
  if (file.cacheControl) res.setHeader('Cache-Control', file.cacheControl);
  res.type(file.type);
  if (file.inline) res.setHeader('Content-Disposition', `inline; filename="${filename}"`);
  else res.attachment(filename);
  res.send(file.content);
}

export function restFacade(apollo: ApolloServer<Context>, contextFor: (req: Request) => Promise<Context>): express.Router {
  const router = express.Router();
  for (const route of restRoutes) {
    const upload = route.rawBody ? [rawUpload(route.rawBody)] : [];
    router[route.method](route.path, ...upload, async (req: Request, res: Response) => {
      const contextValue = await contextFor(req);
      const response = await apollo.executeOperation({ query: route.operation, variables: route.variables?.(req) ?? {} }, { contextValue });
      if (response.body.kind !== 'single') throw new Error('Unexpected incremental response');
      // What an API key's request cost and what is left (graphql/api-key-gate.ts), as on /graphql.
      for (const name of ['ratelimit', 'ratelimit-policy']) {
        const value = response.http.headers.get(name);
        if (value) res.setHeader(name, value);
      }
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
      else if (route.file) sendFile(res, route.file(answer, req));
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
