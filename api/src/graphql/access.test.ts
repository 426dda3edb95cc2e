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

/**
 * Every root field states the scope an API key needs for it (`@Scope(...)`, or `@Scope(NO_KEYS)`: no key may), beside
 * its role rule. A field without one fails here; the gate would close it to keys anyway (graphql/api-key-gate.ts).
 */
it('every root field declares the scope an API key needs', async () => {
  const { API_SCOPE_NAMES } = await import('@studio/rules');
  const { NO_KEYS } = await import('./access.js');
  const schema = await buildStudioSchema(null);
  const known = new Set<string>([...API_SCOPE_NAMES, NO_KEYS]);
  const problems: string[] = [];
  let checked = 0;
  for (const type of [schema.getQueryType(), schema.getMutationType(), schema.getSubscriptionType()]) {
    for (const field of Object.values(type?.getFields() ?? {})) {
      checked += 1;
      const scope = field.extensions?.scope;
      if (typeof scope !== 'string') problems.push(`${type!.name}.${field.name} (no scope)`);
      else if (!known.has(scope)) problems.push(`${type!.name}.${field.name} (unknown scope ${scope})`);
      // A query reads and a mutation writes: a read scope on a mutation would let a read-only key change things.
      else if (type === schema.getMutationType() && scope.endsWith(':read')) problems.push(`Mutation.${field.name} (a read scope)`);
    }
  }
  expect(checked).toBeGreaterThan(200);
  expect(problems).toEqual([]);
});

/**
 * Health and emergency details are more sensitive than contact details: every field that answers them (a
 * `HealthDetails`, or a marker that someone has some) and every field of that type needs `members:health` from a key.
 */
it('marks every field with health details for the members:health scope', async () => {
  const { getNamedType, isObjectType } = await import('graphql');
  const schema = await buildStudioSchema(null);
  const health = schema.getType('HealthDetails');
  expect(health && isObjectType(health)).toBe(true);
  const unmarked: string[] = [];
  for (const type of Object.values(schema.getTypeMap())) {
    if (!isObjectType(type) || type.name.startsWith('__')) continue;
    for (const field of Object.values(type.getFields())) {
      const answersHealth = type === health || getNamedType(field.type) === health || /health/i.test(field.name);
      if (answersHealth && field.extensions?.health !== true) unmarked.push(`${type.name}.${field.name}`);
    }
  }
  expect(unmarked).toEqual([]);
});
