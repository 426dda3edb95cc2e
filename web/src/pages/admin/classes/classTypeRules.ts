import type { BlueprintInput, UpdateBlueprintInput } from '../../../graphql/types';
import type { ClassTypeRowFragment } from './classAdmin.generated';
import { rangeProblem } from './classAdminShared';

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
}

export type ClassTypeField = keyof ClassTypeValues;
export type ClassTypeErrors = Partial<Record<ClassTypeField | 'dropInPriceCents', string>>;

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
};

export function classTypeValuesOf(t: ClassTypeRowFragment): ClassTypeValues {
  return {
    name: t.name,
    description: t.description,
    apparatusId: t.apparatus.id,
    level: String(t.level),
    durationMinutes: String(t.durationMinutes),
    defaultCapacity: String(t.defaultCapacity),
    price: (t.dropInPriceCents / 100).toFixed(2),
    defaultInstructorId: t.defaultInstructor?.id ?? '',
    usesRigPoints: t.usesRigPoints,
    isActive: t.isActive,
  };
}

/** "$28.50" or "28.5" → 2850 cents; null when it is not an amount of money. */
export function priceToCents(value: string): number | null {
  const t = value.trim().replace(/^\$/, '');
  if (!/^\d+(\.\d{1,2})?$/.test(t)) return null;
  return Math.round(Number(t) * 100);
}

export function validateClassType(v: ClassTypeValues): ClassTypeErrors {
  const errors: ClassTypeErrors = {};
  if (!v.name.trim()) errors.name = 'Give the class type a name.';
  else if (v.name.trim().length > 100) errors.name = 'At most 100 characters.';
  if (v.description.length > 4000) errors.description = 'At most 4,000 characters.';
  if (!v.apparatusId) errors.apparatusId = 'Choose an apparatus.';
  const level = rangeProblem(v.level, 1, 5);
  if (level) errors.level = level;
  const duration = rangeProblem(v.durationMinutes, 15, 300, { unit: ' minutes' });
  if (duration) errors.durationMinutes = duration;
  const capacity = rangeProblem(v.defaultCapacity, 1, 200);
  if (capacity) errors.defaultCapacity = capacity;
  const cents = priceToCents(v.price);
  if (cents === null) errors.price = 'Enter an amount like 28 or 28.50 (0 for free).';
  else if (cents > 1_000_000) errors.price = 'At most $10,000.';
  return errors;
}

export function classTypeInput(v: ClassTypeValues): BlueprintInput {
  return {
    name: v.name.trim(),
    description: v.description.trim(),
    apparatusId: v.apparatusId,
    level: Number(v.level),
    durationMinutes: Number(v.durationMinutes),
    defaultCapacity: Number(v.defaultCapacity),
    dropInPriceCents: priceToCents(v.price) ?? 0,
    defaultInstructorId: v.defaultInstructorId || null,
    usesRigPoints: v.usesRigPoints,
  };
}

export function classTypeUpdate(v: ClassTypeValues): UpdateBlueprintInput {
  const { defaultInstructorId, ...rest } = classTypeInput(v);
  // An empty instructor means "leave it": the API cannot clear the default once set.
  return { ...rest, ...(defaultInstructorId ? { defaultInstructorId } : {}), isActive: v.isActive };
}

/** The API names the price field dropInPriceCents; the form shows it as "price". */
export function mapServerFields(fields: Record<string, string>): ClassTypeErrors {
  const { dropInPriceCents, ...rest } = fields;
  return { ...rest, ...(dropInPriceCents ? { price: dropInPriceCents } : {}) };
}
