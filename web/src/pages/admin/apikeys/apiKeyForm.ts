import { API_SCOPE_NAMES, apiKeyName, apiKeyScopes, dateOnly, type ApiScope } from '@studio/rules';
import { z } from 'zod';
import { studioDayStart, todayIso } from '../../../app/dates';
import type { CreateApiKeyInput } from '../../../graphql/types';

/** The new-key form: a name, the scopes (checkboxes), an optional last day, optionally the only documents it may run. */
export const apiKeyForm = z
  .object({
    name: apiKeyName,
    scopes: apiKeyScopes,
    expiresOn: z.union([z.literal(''), dateOnly()]),
    trustedDocuments: z.string().max(200_000, 'At most 200,000 characters.'),
  })
  .superRefine((values, ctx) => {
    if (values.expiresOn && values.expiresOn <= todayIso())
      ctx.addIssue({ code: 'custom', path: ['expiresOn'], message: 'Choose a day after today.' });
  });

export type ApiKeyFormValues = z.input<typeof apiKeyForm>;

export const EMPTY_API_KEY: ApiKeyFormValues = { name: '', scopes: [], expiresOn: '', trustedDocuments: '' };

/** Documents are pasted one after another, separated by a line holding only `---`. */
export const DOCUMENT_SEPARATOR = /^\s*---\s*$/m;

export function apiKeyInput(values: z.output<typeof apiKeyForm>): CreateApiKeyInput {
  const documents = values.trustedDocuments
    .split(DOCUMENT_SEPARATOR)
    .map((d) => d.trim())
    .filter(Boolean);
  return {
    name: values.name,
    scopes: API_SCOPE_NAMES.filter((s) => values.scopes.includes(s as ApiScope)),
    // The key stops working as the chosen day begins at the studio.
    expiresAt: values.expiresOn ? studioDayStart(values.expiresOn) : null,
    trustedDocuments: documents.length ? documents : null,
  };
}
