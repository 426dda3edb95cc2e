import {
  defaultFieldResolver,
  GraphQLID,
  GraphQLInputObjectType,
  GraphQLList,
  GraphQLNonNull,
  GraphQLObjectType,
  GraphQLString,
  type GraphQLArgument,
  type GraphQLField,
  type GraphQLInputType,
  type GraphQLSchema,
} from 'graphql';
import { badInput, type FieldErrors } from './errors.js';

/** Every id in this API is a UUID; anything else can name no record and must not reach the database. */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Above any text a form of the studio takes; fields with their own rules are stricter. */
export const MAX_TEXT_LENGTH = 20_000;

type Check = (value: unknown) => string | null;

const idProblem: Check = (value) => (typeof value === 'string' && !UUID.test(value) ? 'Not a valid id.' : null);
const textProblem: Check = (value) => {
  if (typeof value !== 'string') return null;
  if (value.includes('\u0000')) return 'Text cannot contain NUL characters.';
  if (value.length > MAX_TEXT_LENGTH) return `Enter at most ${MAX_TEXT_LENGTH.toLocaleString('en-US')} characters.`;
  return null;
};

/** The problems of one input value, keyed by the name of the field (nested input fields by their own name). */
type Walker = (value: unknown, name: string, into: FieldErrors) => void;

const noCheck: Walker = () => undefined;

/** Builds, once per input type, a walker that checks only what can hold an id or text; null when nothing can. */
function walkerFor(type: GraphQLInputType, seen = new Map<GraphQLInputType, Walker | null>()): Walker | null {
  if (type instanceof GraphQLNonNull) return walkerFor(type.ofType, seen);
  if (type instanceof GraphQLList) {
    const item = walkerFor(type.ofType, seen);
    return item && ((value, name, into) => Array.isArray(value) && value.forEach((v) => item(v, name, into)));
  }
  const scalar = type === GraphQLID ? idProblem : type === GraphQLString ? textProblem : null;
  if (scalar)
    return (value, name, into) => {
      const problem = scalar(value);
      if (problem && !into[name]) into[name] = problem;
    };
  if (!(type instanceof GraphQLInputObjectType)) return null;
  if (seen.has(type)) return seen.get(type) ?? noCheck;
  seen.set(type, null);
  const fields = Object.values(type.getFields())
    .map((f) => [f.name, walkerFor(f.type, seen)] as const)
    .filter((entry): entry is readonly [string, Walker] => entry[1] !== null);
  const walker: Walker | null = fields.length
    ? (value, _name, into) => {
        if (!value || typeof value !== 'object') return;
        for (const [field, walk] of fields) walk((value as Record<string, unknown>)[field], field, into);
      }
    : null;
  seen.set(type, walker);
  return walker;
}

function argumentsWalker(args: readonly GraphQLArgument[]): ((values: Record<string, unknown>) => FieldErrors | null) | null {
  const walkers = args.map((a) => [a.name, walkerFor(a.type)] as const).filter((entry): entry is readonly [string, Walker] => !!entry[1]);
  if (!walkers.length) return null;
  return (values) => {
    const problems: FieldErrors = {};
    for (const [name, walk] of walkers) walk(values[name], name, problems);
    return Object.keys(problems).length ? problems : null;
  };
}

function guardField(field: GraphQLField<unknown, unknown>): void {
  const check = argumentsWalker(field.args);
  if (!check) return;
  const refuse = (args: Record<string, unknown>) => {
    const problems = check(args);
    if (problems) throw badInput(Object.values(problems)[0], problems);
  };
  const resolve = field.resolve ?? defaultFieldResolver;
  field.resolve = (root, args, context, info) => {
    refuse(args);
    return resolve(root, args, context, info);
  };
  const subscribe = field.subscribe;
  if (subscribe)
    field.subscribe = (root, args, context, info) => {
      refuse(args);
      return subscribe(root, args, context, info);
    };
}

/**
 * Refuses, before any resolver runs, what no resolver should ever see: ids that are not UUIDs, text with NUL
 * characters (PostgreSQL cannot store them) and text longer than any form takes. Every argument of every field,
 * nested input fields included, so a new operation is covered without doing anything. The answer is
 * BAD_USER_INPUT with the offending fields, like any other validation error.
 */
export function guardArguments(schema: GraphQLSchema): GraphQLSchema {
  for (const type of Object.values(schema.getTypeMap())) {
    if (!(type instanceof GraphQLObjectType) || type.name.startsWith('__')) continue;
    for (const field of Object.values(type.getFields())) guardField(field as GraphQLField<unknown, unknown>);
  }
  return schema;
}
