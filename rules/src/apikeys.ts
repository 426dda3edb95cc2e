import { z } from 'zod';
import { requiredText } from './text';

/**
 * What an API key may do, by area: `:read` answers the area's queries and subscriptions, `:write` its mutations.
 * `members:pii` adds people's email, phone and birthday, which a key without it never sees; `members:health` the
 * health and emergency details of people (allergies, medical notes, emergency contact), more sensitive still.
 */
export const API_SCOPES = {
  'schedule:read': 'Classes, class types, rooms, instructors and the calendar',
  'schedule:write': 'Create, change and cancel classes and the schedule',
  'bookings:read': 'Bookings, waitlists, check-ins and attendance',
  'bookings:write': 'Book and cancel spots, the waitlist, check people in',
  'members:read': 'People, families, groups and waivers (names and roles; no contact details)',
  'members:write': 'Create and change people, families, groups and waivers',
  'members:pii': "People's email, phone and birthday",
  'members:health': "People's allergies, medical notes and emergency contact",
  'moves:read': 'Moves, levels and progress',
  'moves:write': 'Sign off moves, change the catalogue',
  'commerce:read': 'Products, orders, memberships, class packs, invoices, point of sale',
  'commerce:write': 'Sell, refund, invoice, change memberships and products',
  'messages:read': 'Chat, notifications, feedback and email',
  'messages:write': 'Send chat messages, notifications, feedback and email',
  'studio:read': 'Studio settings, the landing page and scheduled jobs',
  'studio:write': 'Change studio settings, the landing page, run jobs',
  'reports:read': 'The admin dashboard figures',
} as const;

export type ApiScope = keyof typeof API_SCOPES;
export const API_SCOPE_NAMES = Object.keys(API_SCOPES) as ApiScope[];

/** The scopes by area, in the order the key dialog groups them. */
export const API_SCOPE_GROUPS: { area: string; scopes: ApiScope[] }[] = Object.values(
  API_SCOPE_NAMES.reduce<Record<string, { area: string; scopes: ApiScope[] }>>((groups, scope) => {
    const area = scope.split(':')[0];
    (groups[area] ??= { area, scopes: [] }).scopes.push(scope);
    return groups;
  }, {}),
);

/** Trusted documents a key may be limited to: at most this many, each at most this long. */
export const MAX_TRUSTED_DOCUMENTS = 100;
export const MAX_TRUSTED_DOCUMENT_CHARS = 20_000;

export const apiKeyName = requiredText('Give the key a name (the integration it is for).', 80, 'At most 80 characters.');
export const apiKeyScopes = z
  .array(z.enum(API_SCOPE_NAMES as [ApiScope, ...ApiScope[]], { message: 'Choose scopes from the list.' }))
  .min(1, 'Choose at least one scope.')
  .max(API_SCOPE_NAMES.length);
/** An expiry, when given, is in the future. */
export const apiKeyExpiry = z.date().refine((date) => date.getTime() > Date.now(), 'Choose a time in the future.');
export const apiKeyTrustedDocuments = z
  .array(
    z
      .string()
      .trim()
      .min(1, 'A document is empty.')
      .max(MAX_TRUSTED_DOCUMENT_CHARS, `At most ${MAX_TRUSTED_DOCUMENT_CHARS} characters each.`),
  )
  .max(MAX_TRUSTED_DOCUMENTS, `At most ${MAX_TRUSTED_DOCUMENTS} documents.`);
