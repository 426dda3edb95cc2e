import { randomUUID } from 'node:crypto';
import {
  buildClientSchema,
  getIntrospectionQuery,
  getNamedType,
  GraphQLEnumType,
  GraphQLInputObjectType,
  GraphQLList,
  GraphQLNonNull,
  GraphQLScalarType,
  isLeafType,
  isNonNullType,
  type GraphQLArgument,
  type GraphQLField,
  type GraphQLInputType,
  type GraphQLOutputType,
  type GraphQLSchema,
} from 'graphql';
import { startTestApp, type TestApp } from '../../test/app.js';
import { makeUser, Role } from '../../test/factories.js';

/**
 * A schema-driven fuzz of every argument of every root query and mutation. Each argument (and each
 * field of an input argument) gets wrong types, non-UUIDs, NUL bytes, lone surrogates, huge and overlong strings, extreme numbers and dates,
 * anonymously and as an admin. Nothing may answer 5xx or INTERNAL_SERVER_ERROR.
 */
jest.setTimeout(600_000);

let t: TestApp;
let schema: GraphQLSchema;
let adminToken: string;
beforeAll(async () => {
  t = await startTestApp();
  adminToken = (await makeUser(t, { role: Role.admin })).token;
  const introspection = await t.gql(getIntrospectionQuery(), {}, { token: adminToken });
  schema = buildClientSchema(introspection.data as never);
});
afterAll(() => t.close());

const HUGE = 'x'.repeat(30_000);
/** Just under the longest text any argument takes: longer than every column with a length of its own. */
const OVERLONG = 'x'.repeat(19_999);
/** Halves of a UTF-16 pair on their own (JSON carries them as \ud83e escapes), in an address as in a name. */
const LONE_SURROGATES = ['\ud83e', 'a\udd38@example.com'];
const badScalars: Record<string, unknown[]> = {
  ID: ['x', '', 'not-a-uuid', "' or 1=1 --", 'a\u0000b', HUGE, 42, '00000000-0000-0000-0000-00000000000g', '\ud83e'],
  String: [
    ...['', ' ', 'a\u0000b', '\u0000', HUGE, OVERLONG, '0000-01-01', '9999-12-31', '2026-02-30', '-1', '<script>alert(1)</script>'],
    ...['🤸‍♀️', 7, ...LONE_SURROGATES],
  ],
  Int: [0, -1, 2147483647, -2147483648, 2147483648, 1.5, 'one'],
  Float: [0, -1, 1e308, -1e308, 'one'],
  Boolean: ['true', 1],
  DateTimeISO: ['not a date', '0000-01-01T00:00:00Z', '9999-12-31T23:59:59Z', 'a\u0000b'],
};

/** A plausible value of a type, so that one bad value at a time reaches the resolver. */
function sample(type: GraphQLInputType, depth = 0): unknown {
  if (type instanceof GraphQLNonNull) return sample(type.ofType, depth);
  if (type instanceof GraphQLList) return [sample(type.ofType, depth)];
  if (type instanceof GraphQLEnumType) return type.getValues()[0].value;
  if (type instanceof GraphQLInputObjectType) {
    const value: Record<string, unknown> = {};
    for (const f of Object.values(type.getFields()))
      if (isNonNullType(f.type) && f.defaultValue === undefined && depth < 4) value[f.name] = sample(f.type, depth + 1);
    return value;
  }
  const name = (type as GraphQLScalarType).name;
  return { ID: randomUUID(), String: '2026-06-01', Int: 1, Float: 1, Boolean: true, DateTimeISO: new Date().toISOString() }[name] ?? 'x';
}

/**
 * 10,000 plausible items, fewer when that would pass the body limit: a body over it is refused before it is read
 * (413, and the connection closes while the client is still sending: ECONNRESET), which is the armor tests' subject.
 */
function hugeList(item: GraphQLInputType): unknown[] {
  const list = Array.from({ length: 10_000 }, () => sample(item));
  while (JSON.stringify(list).length > 900_000) list.length = Math.floor(list.length / 2);
  return list;
}

/** Bad values for one place of a type: its scalar's list, a bad enum value, empty and huge lists, null. */
function badValues(type: GraphQLInputType): unknown[] {
  const named = getNamedType(type);
  const values: unknown[] = [null];
  if (named instanceof GraphQLEnumType) values.push('NOT_A_VALUE', 1);
  else if (named instanceof GraphQLScalarType) values.push(...(badScalars[named.name] ?? ['x', 1]));
  else values.push('x', 1, {});
  const listOf = type instanceof GraphQLNonNull ? type.ofType : type;
  if (listOf instanceof GraphQLList) values.push([], hugeList(listOf.ofType));
  return values;
}

type Variant = { label: string; variables: Record<string, unknown> };

/** One argument (or input field, to depth 2) wrong at a time, the others plausible. */
function variants(field: GraphQLField<unknown, unknown>): Variant[] {
  const base: Record<string, unknown> = {};
  for (const a of field.args) base[a.name] = sample(a.type);
  const out: Variant[] = [{ label: 'plausible', variables: base }];
  const visit = (type: GraphQLInputType, path: string[], depth: number) => {
    for (const bad of badValues(type)) {
      const variables = structuredClone(base);
      let target: Record<string, unknown> = variables;
      for (const key of path.slice(0, -1)) target = (target[key] ??= {}) as Record<string, unknown>;
      target[path[path.length - 1]] = bad;
      out.push({ label: `${path.join('.')} = ${JSON.stringify(bad)?.slice(0, 40)}`, variables });
    }
    const named = type instanceof GraphQLNonNull ? type.ofType : type;
    if (named instanceof GraphQLInputObjectType && depth < 2)
      for (const f of Object.values(named.getFields())) visit(f.type, [...path, f.name], depth + 1);
  };
  for (const a of field.args) visit(a.type, [a.name], 0);
  return out;
}

/** The smallest selection that is valid for the field's type. */
function selection(type: GraphQLOutputType): string {
  const named = getNamedType(type);
  if (isLeafType(named)) return '';
  return '{ __typename }';
}

function document(kind: 'query' | 'mutation', field: GraphQLField<unknown, unknown>): string {
  const defs = field.args.map((a: GraphQLArgument) => `$${a.name}: ${a.type.toString()}`).join(', ');
  const args = field.args.map((a) => `${a.name}: $${a.name}`).join(', ');
  return `${kind} Fuzz${defs ? `(${defs})` : ''} { ${field.name}${args ? `(${args})` : ''} ${selection(field.type)} }`;
}

/** Mutations that would end the admin's own session or lock the fuzzer out are still fuzzed, anonymously only. */
const ANONYMOUS_ONLY = new Set(['logout', 'signOutEverywhere', 'changePassword']);

it('answers every fuzzed argument of every root field without a server error', async () => {
  const failures: string[] = [];
  const cases: { field: string; doc: string; v: Variant; token?: string }[] = [];
  for (const kind of ['query', 'mutation'] as const) {
    const root = kind === 'query' ? schema.getQueryType() : schema.getMutationType();
    for (const field of Object.values(root!.getFields())) {
      const doc = document(kind, field);
      for (const v of variants(field))
        for (const token of ANONYMOUS_ONLY.has(field.name) ? [undefined] : [undefined, adminToken])
          cases.push({ field: field.name, doc, v, token });
    }
  }
  // A few at a time, as several clients would.
  const queue = [...cases];
  const worker = async () => {
    for (let c = queue.shift(); c; c = queue.shift()) {
      const name = `${c.field} (${c.token ? 'admin' : 'anonymous'}) ${c.v.label}`;
      // A dropped connection is a failure too, named like the others (not one aborted run).
      const res = await t.gql(c.doc, c.v.variables, { token: c.token }).catch((err: Error & { cause?: { code?: string } }) => {
        failures.push(`${name}: ${err.cause?.code ?? err.message}`);
        return null;
      });
      const internal = res?.errors?.find((e) => e.extensions?.code === 'INTERNAL_SERVER_ERROR');
      if (res && (res.status >= 500 || internal)) failures.push(`${name}: ${res.status} ${internal?.message ?? ''}`);
    }
  };
  await Promise.all(Array.from({ length: 6 }, worker));
  console.info(
    `fuzz: ${cases.length} requests over ${new Set(cases.map((c) => c.field)).size} root fields, ${failures.length} server errors`,
  );
  expect(failures).toEqual([]);
});

it('names the argument that holds a bad id or text, as BAD_USER_INPUT', async () => {
  const res = await t.gql(`{ classInstance(id: "x") { id } }`);
  expect(res.status).toBe(200);
  expect(res.errors?.[0].extensions).toMatchObject({ code: 'BAD_USER_INPUT', fields: { id: 'Not a valid id.' } });
  const nul = await t.gql(`mutation($u: String!, $p: String!) { login(username: $u, password: $p) { token } }`, { u: 'a\u0000b', p: 'x' });
  expect(nul.errors?.[0].extensions).toMatchObject({ code: 'BAD_USER_INPUT', fields: { username: 'Text cannot contain NUL characters.' } });
  const half = await t.gql(`mutation($u: String!, $p: String!) { login(username: $u, password: $p) { token } }`, { u: 'a\ud83e', p: 'x' });
  expect(half.errors?.[0].extensions).toMatchObject({
    code: 'BAD_USER_INPUT',
    fields: { username: expect.stringMatching(/valid Unicode/) },
  });
  const receipt = await t.gql(
    `mutation($id: ID!, $email: String) { emailPosReceipt(saleId: $id, email: $email) }`,
    { id: randomUUID(), email: 'a\udd38@example.com' },
    { token: adminToken },
  );
  expect(receipt.errors?.[0].extensions?.code).toBe('BAD_USER_INPUT');
  const dates = await t.gql(`{ classSchedule(from: "0000-01-01", to: "0000-01-07") { id } }`);
  expect(dates.errors?.[0].extensions?.code).toBe('BAD_USER_INPUT');
});

it('runs the validators of nested filters: levels 1-5, at most 20 ids', async () => {
  const q = `query($f: ScheduleFilter) { classSchedule(from: "2026-06-01", to: "2026-06-07", filter: $f) { id } }`;
  const levels = await t.gql(q, { f: { levels: [9] } });
  expect(levels.errors?.[0].extensions?.code).toBe('BAD_USER_INPUT');
  const ids = await t.gql(q, { f: { apparatusIds: Array.from({ length: 10_000 }, () => randomUUID()) } });
  expect(ids.errors?.[0].extensions?.code).toBe('BAD_USER_INPUT');
  expect((await t.gql(q, { f: { levels: [1, 5] } })).errors).toBeUndefined();
});
