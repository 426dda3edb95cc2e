import 'reflect-metadata';
import { getMetadataStorage } from 'type-graphql';
import { buildStudioSchema } from './schema.js';

/**
 * Every root field states who may call it: `@Authorized(...)` or `@Public()`. A field with neither fails here,
 * so nothing becomes reachable by accident.
 */
it('every root field has an access rule', async () => {
  const schema = await buildStudioSchema(null);
  const storage = getMetadataStorage();
  const rootResolvers = [...storage.queries, ...storage.mutations, ...storage.subscriptions];
  const authorized = new Set(storage.authorizedFields.map((f) => `${f.target.name}.${f.fieldName}`));
  const missing: string[] = [];
  let checked = 0;
  for (const type of [schema.getQueryType(), schema.getMutationType(), schema.getSubscriptionType()]) {
    for (const field of Object.values(type?.getFields() ?? {})) {
      checked += 1;
      const meta = rootResolvers.find((r) => r.schemaName === field.name);
      const isPublic = field.extensions?.access === 'public';
      const isAuthorized = meta ? authorized.has(`${meta.target.name}.${meta.methodName}`) : false;
      if (isPublic === isAuthorized) missing.push(`${type!.name}.${field.name} (${isPublic ? 'both @Public and @Authorized' : 'no rule'})`);
    }
  }
  expect(checked).toBeGreaterThan(20);
  expect(missing).toEqual([]);
});
