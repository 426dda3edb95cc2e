import type { ApolloServer } from '@apollo/server';
import express, { type Request, type Response } from 'express';
import type { Context } from '../graphql/context.js';
import { httpStatusFor } from '../graphql/errors.js';
import { modules } from '../modules/index.js';

/**
 * The documented /api paths (spec §7), each running exactly one GraphQL operation in-process against the same
 * schema and context, so access rules, validation and errors cannot differ between REST and GraphQL. Each module
 * lists its own paths in its descriptor (see rest/route.ts).
 */
export const restRoutes = modules.flatMap((module) => module.restRoutes ?? []);

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
          .send(errors[0].message);
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
