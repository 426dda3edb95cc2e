import { z } from 'zod';
import { phone } from './people';

/** Longest texts a family member's health and emergency details may hold (the database checks the same). */
export const HEALTH_LIMITS = {
  allergies: 500,
  medicalNotes: 2000,
  emergencyContactName: 100,
  emergencyContactPhone: 30,
  emergencyContactRelationship: 50,
} as const;

/** Optional text: trimmed, empty means "none", at most `max` characters. */
const optionalText = (max: number) => z.string().trim().max(max, `Enter at most ${max} characters.`);

export const allergies = optionalText(HEALTH_LIMITS.allergies);
export const medicalNotes = optionalText(HEALTH_LIMITS.medicalNotes);
export const emergencyContactName = optionalText(HEALTH_LIMITS.emergencyContactName);
/** The same phone format as a member's own phone. */
export const emergencyContactPhone = phone;
export const emergencyContactRelationship = optionalText(HEALTH_LIMITS.emergencyContactRelationship);

export const EMERGENCY_PHONE_NEEDED = 'Add a phone number for the emergency contact.';
export const EMERGENCY_NAME_NEEDED = 'Add the name of the emergency contact.';

export interface HealthDetailsValues {
  allergies: string;
  medicalNotes: string;
  emergencyContactName: string;
  emergencyContactPhone: string;
  emergencyContactRelationship: string;
}

/**
 * Which fields of a whole set of details are missing their partner, by field: an emergency contact is a name and a
 * phone number together (a relationship alone needs both).
 */
export function emergencyContactProblems(values: HealthDetailsValues): Partial<Record<keyof HealthDetailsValues, string>> {
  const name = values.emergencyContactName.trim();
  const phoneNumber = values.emergencyContactPhone.trim();
  const relationship = values.emergencyContactRelationship.trim();
  const problems: Partial<Record<keyof HealthDetailsValues, string>> = {};
  if ((name || relationship) && !phoneNumber) problems.emergencyContactPhone = EMERGENCY_PHONE_NEEDED;
  if ((phoneNumber || relationship) && !name) problems.emergencyContactName = EMERGENCY_NAME_NEEDED;
  return problems;
}

/** The fields, to extend another form with (the family member dialog). */
export const healthDetailsFields = {
  allergies,
  medicalNotes,
  emergencyContactName,
  emergencyContactPhone,
  emergencyContactRelationship,
};

/** Adds the emergency contact's missing halves to a form's issues, by field. */
export function checkEmergencyContact(values: HealthDetailsValues, ctx: z.core.$RefinementCtx): void {
  for (const [path, message] of Object.entries(emergencyContactProblems(values))) ctx.addIssue({ code: 'custom', path: [path], message });
}

/** The health and emergency details form: every field optional, a contact complete when given. */
export const healthDetails = z.object(healthDetailsFields).superRefine(checkEmergencyContact);
