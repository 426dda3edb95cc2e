import { z } from 'zod';
import { requiredText } from './text';

/** What a mailing's subject and body may say about each recipient, written as {{name}}. */
export const MAILING_MERGE_FIELDS = [
  { name: 'firstName', label: 'First name', example: 'Maya' },
  { name: 'nextClass', label: 'Next class', example: 'Lyra Foundations, Tue, Dec 8 at 6:30 PM' },
  { name: 'packClassesLeft', label: 'Pack classes left', example: '3' },
] as const;
export type MailingMergeField = (typeof MAILING_MERGE_FIELDS)[number]['name'];

export const MAILING_SUBJECT_MAX = 200;
export const MAILING_BODY_MAX = 20_000;
/** Recipients a mailing may name one by one (groups and roles reach the rest). */
export const MAILING_CHOSEN_MAX = 500;
export const MAILING_SOURCES_MAX = 20;

const MERGE_TOKEN = /\{\{\s*([^{}]*?)\s*\}\}/g;

/** The {{fields}} a text uses that are not merge fields, in order of first use. */
export function unknownMergeFields(text: string): string[] {
  const known = new Set<string>(MAILING_MERGE_FIELDS.map((f) => f.name));
  const unknown = [...text.matchAll(MERGE_TOKEN)].map((m) => m[1]).filter((name) => !known.has(name));
  return [...new Set(unknown)];
}

/** Replaces each {{field}} with its value (escaped by `escape`, e.g. for HTML). */
export function fillMergeFields(text: string, values: Record<MailingMergeField, string>, escape: (v: string) => string = (v) => v): string {
  return text.replace(MERGE_TOKEN, (token, name: string) => (name in values ? escape(values[name as MailingMergeField]) : token));
}

const withKnownMergeFields = (schema: z.ZodString) =>
  schema.superRefine((text, ctx) => {
    const unknown = unknownMergeFields(text);
    if (unknown.length)
      ctx.addIssue({
        code: 'custom',
        message: `Unknown merge field {{${unknown[0]}}}: use ${MAILING_MERGE_FIELDS.map((f) => `{{${f.name}}}`).join(', ')}.`,
      });
  });

export const mailingSubject = withKnownMergeFields(
  requiredText('Give the email a subject.', MAILING_SUBJECT_MAX, `At most ${MAILING_SUBJECT_MAX} characters.`),
);
export const mailingBody = withKnownMergeFields(
  requiredText('Write the message.', MAILING_BODY_MAX, `At most ${MAILING_BODY_MAX.toLocaleString('en-US')} characters.`),
);

/** Files a mailing may carry: each at most 5 MB, 10 MB together (mail servers refuse much larger messages). */
export const MAILING_ATTACHMENT_MAX_BYTES = 5 * 1024 * 1024;
export const MAILING_ATTACHMENTS_TOTAL_MAX_BYTES = 10 * 1024 * 1024;
export const MAILING_ATTACHMENTS_MAX = 5;
