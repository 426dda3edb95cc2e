import 'reflect-metadata';
import { readFileSync } from 'node:fs';
import { buildSchema, isEnumType } from 'graphql';
import { RefusalReason, conflict } from './errors.js';
import { buildStudioSchema, SCHEMA_FILE } from './schema.js';

const reasonsIn = (schema: ReturnType<typeof buildSchema>) => {
  const type = schema.getType('RefusalReason');
  return isEnumType(type) ? type.getValues().map((v) => v.name) : [];
};

it('the schema and its committed SDL list every refusal reason, each with a description', async () => {
  const schema = await buildStudioSchema(null);
  const all = Object.values(RefusalReason);
  expect(reasonsIn(schema).sort()).toEqual([...all].sort());
  expect(reasonsIn(buildSchema(readFileSync(SCHEMA_FILE, 'utf8'))).sort()).toEqual([...all].sort());
  const type = schema.getType('RefusalReason');
  expect(isEnumType(type) && type.getValues().filter((v) => !v.description)).toEqual([]);
});

it('a conflict carries its reason or its field messages in extensions', () => {
  expect(conflict('This class is full.', RefusalReason.CLASS_FULL).extensions).toEqual({ code: 'CONFLICT', reason: 'CLASS_FULL' });
  expect(conflict('Already exists.', { name: 'Taken.' }).extensions).toEqual({ code: 'CONFLICT', fields: { name: 'Taken.' } });
});
