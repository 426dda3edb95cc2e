import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { fakeSession, makeUser, renderApp, type Handler } from '../../../../test/utils';
import type { AdminApiKeyRowFragment } from './apiKeys.generated';
import ApiKeysPage from './ApiKeysPage';

jest.setTimeout(60_000);

const SECRET = 'studio_0123456789abcdefghijABCDEFGHIJ01_00aB1c';
const key = (id: string, extra: Partial<AdminApiKeyRowFragment> = {}): AdminApiKeyRowFragment & { __typename: 'ApiKey' } => ({
  __typename: 'ApiKey',
  id,
  name: `Key ${id}`,
  prefix: 'studio_01234567',
  scopes: ['schedule:read'],
  createdAt: '2026-11-01T10:00:00Z',
  expiresAt: null,
  revokedAt: null,
  lastUsedAt: null,
  lastUsedIp: null,
  trustedDocumentCount: 0,
  ...extra,
});
const list: Handler = () => ({
  data: {
    apiKeys: [
      key('k1', {
        name: 'Booking widget',
        scopes: ['schedule:read', 'bookings:write'],
        lastUsedAt: new Date().toISOString(),
        lastUsedIp: '203.0.113.9',
      }),
      key('k2', { name: 'Old sync', revokedAt: '2026-11-20T10:00:00Z' }),
    ],
  },
});
const admin = () => fakeSession({ user: makeUser({ role: 'admin', id: 'u-admin' }) });

it('lists keys with their scopes, last use and state', async () => {
  renderApp(<ApiKeysPage />, { session: admin(), route: '/admin/api-keys', handlers: { AdminApiKeys: list } });
  const widget = (await screen.findByText('Booking widget')).closest('tr')!;
  expect(within(widget).getByText('schedule:read')).toBeInTheDocument();
  expect(within(widget).getByText('bookings:write')).toBeInTheDocument();
  expect(within(widget).getByText('from 203.0.113.9')).toBeInTheDocument();
  expect(within(widget).getByText('Active')).toBeInTheDocument();
  expect(within(widget).getByText('Never')).toBeInTheDocument(); // no expiry
  const old = screen.getByText('Old sync').closest('tr')!;
  expect(within(old).getByText('Revoked')).toBeInTheDocument();
  expect(within(old).queryByRole('button', { name: /Revoke/ })).not.toBeInTheDocument();
});

it('creates a key with the shared rules, shows the secret once, and never again', async () => {
  const { calls } = renderApp(<ApiKeysPage />, {
    session: admin(),
    route: '/admin/api-keys',
    handlers: {
      AdminApiKeys: list,
      CreateApiKey: (op) => ({
        data: {
          createApiKey: {
            __typename: 'CreateApiKeyPayload',
            secret: SECRET,
            apiKey: key('k3', {
              name: (op.variables.input as { name: string }).name,
              scopes: (op.variables.input as { scopes: string[] }).scopes,
            }),
          },
        },
      }),
    },
  });
  fireEvent.click(await screen.findByRole('button', { name: 'New key' }));
  const dialog = await screen.findByRole('dialog', { name: 'New API key' });
  fireEvent.click(within(dialog).getByRole('button', { name: 'Create key' }));
  expect(await within(dialog).findByText('Give the key a name (the integration it is for).')).toBeInTheDocument();
  expect(within(dialog).getByText('Choose at least one scope.')).toBeInTheDocument();
  fireEvent.change(within(dialog).getByRole('textbox', { name: /^Name/ }), { target: { value: 'Accounting sync' } });
  const commerce = within(dialog).getByRole('group', { name: 'Shop and billing' });
  fireEvent.click(within(commerce).getByRole('checkbox', { name: /commerce:read/ }));
  fireEvent.click(within(within(dialog).getByRole('group', { name: 'Members' })).getByRole('checkbox', { name: /members:read/ }));
  fireEvent.click(within(dialog).getByRole('button', { name: 'Create key' }));
  await waitFor(() => expect(calls.find((c) => c.operationName === 'CreateApiKey')).toBeDefined());
  expect(calls.find((c) => c.operationName === 'CreateApiKey')!.variables.input).toEqual({
    name: 'Accounting sync',
    scopes: ['members:read', 'commerce:read'],
    expiresAt: null,
    trustedDocuments: null,
  });
  const shown = await screen.findByRole('dialog', { name: 'Key for “Accounting sync”' });
  expect(within(shown).getByDisplayValue(SECRET)).toBeInTheDocument();
  expect(within(shown).getByText(/shown only this once/)).toBeInTheDocument();
  const writeText = jest.fn().mockResolvedValue(undefined);
  Object.assign(navigator, { clipboard: { writeText } });
  fireEvent.click(within(shown).getByRole('button', { name: 'Copy key' }));
  await waitFor(() => expect(writeText).toHaveBeenCalledWith(SECRET));
  fireEvent.click(within(shown).getByRole('button', { name: 'Done' }));
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  expect(screen.queryByDisplayValue(SECRET)).not.toBeInTheDocument();
  expect(document.body.textContent).not.toContain(SECRET);
});

it('revokes a key after confirming', async () => {
  const { calls } = renderApp(<ApiKeysPage />, {
    session: admin(),
    route: '/admin/api-keys',
    handlers: {
      AdminApiKeys: list,
      RevokeApiKey: { data: { revokeApiKey: key('k1', { name: 'Booking widget', revokedAt: '2026-12-03T12:00:00Z' }) } },
    },
  });
  fireEvent.click(await screen.findByRole('button', { name: 'Revoke Booking widget' }));
  const confirm = await screen.findByRole('dialog', { name: 'Revoke “Booking widget”?' });
  fireEvent.click(within(confirm).getByRole('button', { name: 'Cancel' }));
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  expect(calls.find((c) => c.operationName === 'RevokeApiKey')).toBeUndefined();
  fireEvent.click(screen.getByRole('button', { name: 'Revoke Booking widget' }));
  fireEvent.click(within(await screen.findByRole('dialog', { name: 'Revoke “Booking widget”?' })).getByRole('button', { name: 'Revoke' }));
  await waitFor(() => expect(calls.find((c) => c.operationName === 'RevokeApiKey')?.variables).toEqual({ id: 'k1' }));
  const row = (await screen.findByText('Booking widget')).closest('tr')!;
  expect(await within(row).findByText('Revoked')).toBeInTheDocument();
  expect(await screen.findByText('Key revoked')).toBeInTheDocument();
});
