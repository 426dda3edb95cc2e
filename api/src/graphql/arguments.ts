import {
  GraphQLID,
  GraphQLInputObjectType,
  GraphQLList,
  GraphQLNonNull,
  GraphQLString,
  type GraphQLArgument,
  type GraphQLField,
  type GraphQLInputType,
  type GraphQLResolveInfo,
} from 'graphql';
import { validate, ValidationError } from 'class-validator';
import { ArgumentValidationError, type ResolverData } from 'type-graphql';
import type { FieldErrors } from './errors.js';

/** Every id in this API is a UUID; anything else can name no record and must not reach the database. */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Above any text a form of the studio takes; fields with their own rules are stricter. */
export const MAX_TEXT_LENGTH = 20_000;

/** With the `u` flag a well-formed pair is one code point, so only half of one matches. */
const LONE_SURROGATE = /\p{Surrogate}/u;

type Check = (value: unknown) => string | null;

const idProblem: Check = (value) => (typeof value === 'string' && !UUID.test(value) ? 'Not a valid id.' : null);
const textProblem: Check = (value) => {
  if (typeof value !== 'string') return null;
  if (value.includes('\u0000')) return 'Text cannot contain NUL characters.';
  // Half of a UTF-16 pair stands for no character: it cannot be stored, compared or sent on as text.
  if (LONE_SURROGATE.test(value)) return 'Text must be valid Unicode (it holds half of a character).';
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

const walkersByField = new WeakMap<GraphQLField<unknown, unknown>, ReturnType<typeof argumentsWalker>>();

/** What no resolver should ever see in the arguments of the field being resolved, by field name. */
function edgeProblems(info: GraphQLResolveInfo, args: Record<string, unknown>): FieldErrors | null {
  const field = info.parentType.getFields()[info.fieldName] as GraphQLField<unknown, unknown>;
  if (!walkersByField.has(field)) walkersByField.set(field, argumentsWalker(field.args));
  return walkersByField.get(field)?.(args) ?? null;
}

const isObject = (value: unknown): value is object => value !== null && typeof value === 'object';

/**
 * TypeGraphQL's argument validation (its `validateFn`), run before every resolver with arguments: the inputs'
 * class-validator rules as before, plus what no resolver should ever see — ids that are not UUIDs, text with NUL
 * characters (PostgreSQL cannot store them) or lone surrogates (half a character), text longer than any form takes — in every argument and nested input
 * field, so a new operation is covered without doing anything. Both kinds come back together as BAD_USER_INPUT
 * with `extensions.fields`, so a form shows every problem at once.
 */
export async function validateArguments(argValue: unknown, _argType: unknown, { info, args }: ResolverData): Promise<void> {
  const issues: ValidationError[] = [];
  if (isObject(argValue))
    for (const item of Array.isArray(argValue) ? argValue.filter(isObject) : [argValue])
      issues.push(...(await validate(item, { skipMissingProperties: true, forbidUnknownValues: false })));
  const flagged = new Set<string>();
  const collect = (list: ValidationError[]) => list.forEach((i) => (flagged.add(i.property), collect(i.children ?? [])));
  collect(issues);
  for (const [property, message] of Object.entries(edgeProblems(info, args) ?? {}))
    if (!flagged.has(property))
      issues.push(Object.assign(new ValidationError(), { property, constraints: { edge: message }, children: [] }));
  if (issues.length) throw new ArgumentValidationError(issues);
}
