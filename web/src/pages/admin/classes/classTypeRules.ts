import {
  ageRangeProblem,
  apparatusChoice,
  classAge,
  capacity,
  classTypeDescription,
  classTypeName,
  dollarText,
  dropInPriceCents,
  durationMinutes,
  level,
  parseDollars,
  wholeNumberText,
} from '@studio/rules';
import { z } from 'zod';
import type { BlueprintInput, UpdateBlueprintInput } from '../../../graphql/types';
import type { ClassTypeRowFragment } from './classAdmin.generated';

/** The class type form as typed (text), checked with the API's own limits before it is sent. */
export interface ClassTypeValues {
  name: string;
  description: string;
  apparatusId: string;
  level: string;
  durationMinutes: string;
  defaultCapacity: string;
  /** Dollars as typed, e.g. "28" or "28.50". */
  price: string;
  defaultInstructorId: string;
  usesRigPoints: boolean;
  isActive: boolean;
  /** The ages the class is for, as typed; empty: no limit at that end. */
  minAge: string;
  maxAge: string;
}

export const EMPTY_CLASS_TYPE: ClassTypeValues = {
  name: '',
  description: '',
  apparatusId: '',
  level: '1',
  durationMinutes: '60',
  defaultCapacity: '8',
  price: '25.00',
  defaultInstructorId: '',
  usesRigPoints: false,
  isActive: true,
  minAge: '',
  maxAge: '',
};

export function classTypeValuesOf(t: ClassTypeRowFragment): ClassTypeValues {
  return {
    name: t.name,
    description: t.description,
    apparatusId: t.apparatus.id,
    level: String(t.level),
    durationMinutes: String(t.durationMinutes),
    defaultCapacity: String(t.defaultCapacity),
    price: dollarText(t.dropInPriceCents),
    defaultInstructorId: t.defaultInstructor?.id ?? '',
    usesRigPoints: t.usesRigPoints,
    isActive: t.isActive,
    minAge: t.minAge === null || t.minAge === undefined ? '' : String(t.minAge),
    maxAge: t.maxAge === null || t.maxAge === undefined ? '' : String(t.maxAge),
  };
}

/** A price typed in dollars, checked as the cents the API takes. */
const priceText = z.string().transform((text, ctx) => {
  const cents = parseDollars(text);
  const problem =
    cents === null ? 'Enter an amount like 28 or 28.50 (0 for free).' : dropInPriceCents.safeParse(cents).error?.issues[0].message;
  if (problem) ctx.addIssue({ code: 'custom', message: problem });
  return cents ?? 0;
});

/** The class type form: the API's rules for each field, on the text as typed. */
export const classTypeForm = z
  .object({
    name: classTypeName,
    description: classTypeDescription,
    apparatusId: apparatusChoice,
    level: wholeNumberText(level),
    durationMinutes: wholeNumberText(durationMinutes),
    defaultCapacity: wholeNumberText(capacity),
    price: priceText,
    defaultInstructorId: z.string(),
    usesRigPoints: z.boolean(),
    isActive: z.boolean(),
    minAge: wholeNumberText(classAge, { required: false }),
    maxAge: wholeNumberText(classAge, { required: false }),
  })
  .superRefine((v, ctx) => {
    const problem = ageRangeProblem(v.minAge, v.maxAge);
    if (problem) ctx.addIssue({ code: 'custom', path: ['maxAge'], message: problem });
  });

/** An age as typed: a number, or null for no limit. */
const ageOf = (text: string): number | null => (text.trim() ? Number(text) : null);

export function classTypeInput(v: ClassTypeValues): BlueprintInput {
  return {
    name: v.name.trim(),
    description: v.description.trim(),
    apparatusId: v.apparatusId,
    level: Number(v.level),
    durationMinutes: Number(v.durationMinutes),
    defaultCapacity: Number(v.defaultCapacity),
    dropInPriceCents: parseDollars(v.price) ?? 0,
    defaultInstructorId: v.defaultInstructorId || null,
    usesRigPoints: v.usesRigPoints,
    minAge: ageOf(v.minAge),
    maxAge: ageOf(v.maxAge),
  };
}

export function classTypeUpdate(v: ClassTypeValues): UpdateBlueprintInput {
  const { defaultInstructorId, ...rest } = classTypeInput(v);
  // An empty instructor means "leave it": the API cannot clear the default once set.
  return { ...rest, ...(defaultInstructorId ? { defaultInstructorId } : {}), isActive: v.isActive };
}

/** The API names the price field dropInPriceCents; the form shows it as "price". */
export const CLASS_TYPE_SERVER_FIELDS = { dropInPriceCents: 'price' } as const;
