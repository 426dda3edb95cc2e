import { z } from 'zod';

/**
 * The event types a webhook endpoint can subscribe to, as receivers see them in a delivery's `type` (names are facts:
 * `<thing>.<what happened>`). Kept stable: third parties build against them.
 */
export const WEBHOOK_EVENT_TYPES = [
  'booking.created',
  'booking.cancelled',
  'waitlist.promoted',
  'checkin.created',
  'member.created',
  'membership.changed',
  'order.paid',
  'order.refunded',
  'invoice.paid',
  'move.signed_off',
  'level.achieved',
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

/** What each event type tells, for the admin's checkboxes and the README. */
export const WEBHOOK_EVENT_LABELS: Record<WebhookEventType, string> = {
  'booking.created': 'A spot was booked',
  'booking.cancelled': 'A booking was cancelled',
  'waitlist.promoted': 'Someone on a waitlist was offered (or given) a spot',
  'checkin.created': 'Attendees were checked in',
  'member.created': 'A person joined the studio',
  'membership.changed': 'A membership started, changed state or plan, or ended',
  'order.paid': 'An order was paid',
  'order.refunded': 'An order was refunded (in part or whole)',
  'invoice.paid': 'An invoice was paid',
  'move.signed_off': 'A student’s move was signed off',
  'level.achieved': 'A student reached a level',
};

export const WEBHOOK_URL_MAX = 2000;

/**
 * An endpoint's address: http or https, a host, no user name or password in it. Whether the host is in a private
 * network is checked by the API (at registration for addresses written as such, after DNS resolution when sending).
 */
export const webhookUrl = z
  .string()
  .trim()
  .min(1, 'Enter the address that receives the webhooks.')
  .max(WEBHOOK_URL_MAX, `Use at most ${WEBHOOK_URL_MAX} characters.`)
  .superRefine((value, ctx) => {
    const problem = webhookUrlProblem(value);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });

function webhookUrlProblem(value: string): string | null {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return 'Enter a full address, like https://example.com/webhooks.';
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return 'The address must start with https:// (or http://).';
  if (url.username || url.password) return 'Leave the user name and password out of the address.';
  if (!url.hostname) return 'The address needs a host name.';
  if (url.hash) return 'Leave the #fragment out of the address.';
  return null;
}

export const webhookDescription = z.string().trim().max(500, 'At most 500 characters.');

export const webhookEventTypes = z
  .array(z.enum(WEBHOOK_EVENT_TYPES, { message: 'Choose event types from the list.' }))
  .min(1, 'Choose at least one event type.')
  .max(WEBHOOK_EVENT_TYPES.length)
  .refine((types) => new Set(types).size === types.length, 'Each event type once.');

/** How long the old secret keeps signing beside the new one after a rotation. */
export const webhookOverlapHours = z
  .number()
  .int('Enter a whole number.')
  .min(0, 'Between 0 and 168 hours.')
  .max(168, 'Between 0 and 168 hours.');

/** The create/edit dialog's form. */
export const webhookEndpointForm = z.object({
  url: webhookUrl,
  description: webhookDescription,
  eventTypes: webhookEventTypes,
});
export type WebhookEndpointFormValues = z.infer<typeof webhookEndpointForm>;
