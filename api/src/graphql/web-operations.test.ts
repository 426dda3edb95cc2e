import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { buildSchema, Kind, parse, print, separateOperations, specifiedRules, validate, visit, type SelectionSetNode } from 'graphql';
import { armorRules, parseOptions } from './armor.js';

/**
 * Every operation the web app sends must pass the schema and the armor limits (depth, aliases, directives, tokens,
 * cost) as the client sends it: with the `__typename` Apollo adds to every selection.
 */
const root = path.resolve(__dirname, '../../..');
const schema = buildSchema(readFileSync(path.join(root, 'schema/schema.graphql'), 'utf8'));
const webDocuments = readdirSync(path.join(root, 'web/src'), { recursive: true, encoding: 'utf8' })
  .filter((file) => file.endsWith('.graphql'))
  .map((file) => readFileSync(path.join(root, 'web/src', file), 'utf8'));
const operations = Object.entries(separateOperations(parse(webDocuments.join('\n'))));

/** As Apollo Client sends it: `__typename` in every selection set but the operation's own. */
const withTypename = (document: ReturnType<typeof parse>) =>
  visit(document, {
    SelectionSet: (node: SelectionSetNode, _key, parent) =>
      (parent as { kind?: string }).kind === Kind.OPERATION_DEFINITION ||
      node.selections.some((s) => s.kind === Kind.FIELD && s.name.value === '__typename')
        ? undefined
        : { ...node, selections: [...node.selections, { kind: Kind.FIELD, name: { kind: Kind.NAME, value: '__typename' } }] },
  });

it('finds the web operations', () => {
  expect(operations.map(([name]) => name)).toEqual(expect.arrayContaining(['BookClass', 'ClassSchedule', 'Profile', 'LandingPage']));
});

it.each(operations)('%s passes the schema and the armor limits', (_name, document) => {
  const sent = parse(print(withTypename(document)), parseOptions);
  expect(validate(schema, sent, [...specifiedRules, ...armorRules]).map((e) => e.message)).toEqual([]);
});
