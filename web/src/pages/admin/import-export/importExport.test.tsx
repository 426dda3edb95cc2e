import { act, fireEvent, screen, within } from '@testing-library/react';
import { fakeSession, makeUser, renderApp } from '../../../../test/utils';
import ImportExportPage from './ImportExportPage';

jest.setTimeout(60_000);

const admin = () => fakeSession({ user: makeUser({ role: 'admin', id: 'u-admin' }) });
const tables = {
  data: {
    exportTables: [
      {
        __typename: 'ExportTable',
        name: 'people',
        title: 'People',
        description: 'Every account',
        columns: ['id', 'first_name'],
        personal: true,
      },
      {
        __typename: 'ExportTable',
        name: 'emails',
        title: 'Email history',
        description: 'Every email',
        columns: ['id', 'to'],
        personal: false,
      },
    ],
  },
};

/** A streamed answer of `chunks`, as fetch's Response gives it. */
function streamed(chunks: string[], headers: Record<string, string>) {
  const encoded = chunks.map((c) => new TextEncoder().encode(c));
  return {
    ok: true,
    headers: { get: (name: string) => headers[name.toLowerCase()] ?? null },
    body: {
      getReader: () => ({
        read: async () => (encoded.length ? { done: false, value: encoded.shift()! } : { done: true, value: undefined }),
      }),
    },
  };
}

it('lists every table and downloads one with the session token, streamed', async () => {
  const realFetch = global.fetch;
  const calls: [string, RequestInit | undefined][] = [];
  global.fetch = jest.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    calls.push([String(input), init]);
    return streamed(['id,first_name\n', 'u1,Ada\n'], {
      'x-export-rows': '1',
      'content-disposition': 'attachment; filename="people-2026-12-03.csv"',
    });
  }) as unknown as typeof fetch;
  const created: Blob[] = [];
  URL.createObjectURL = jest.fn((blob: Blob) => (created.push(blob), 'blob:1'));
  URL.revokeObjectURL = jest.fn();
  localStorage.setItem('token', 'tok-1');
  try {
    renderApp(<ImportExportPage />, { session: admin(), route: '/admin/import-export', handlers: { ExportTables: tables } });
    const people = (await screen.findByRole('heading', { name: 'People' })).closest('li')!;
    expect(within(people).getByText('2 columns: id, first_name')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Email history' })).toBeInTheDocument();
    await act(async () => fireEvent.click(within(people).getByRole('button', { name: 'Download People as CSV' })));
    expect(calls[0][0]).toBe('/api/export/people.csv');
    expect(calls[0][1]?.headers).toMatchObject({ authorization: 'Bearer tok-1' });
    expect(created[0].size).toBe('id,first_name\nu1,Ada\n'.length);
  } finally {
    global.fetch = realFetch;
    localStorage.removeItem('token');
  }
});

it('says why a download failed', async () => {
  const realFetch = global.fetch;
  global.fetch = jest.fn(async () => ({
    ok: false,
    statusText: 'Forbidden',
    text: async () => 'You do not have permission to do that.',
  })) as unknown as typeof fetch;
  try {
    renderApp(<ImportExportPage />, { session: admin(), route: '/admin/import-export', handlers: { ExportTables: tables } });
    const emails = (await screen.findByRole('heading', { name: 'Email history' })).closest('li')!;
    await act(async () => fireEvent.click(within(emails).getByRole('button', { name: 'Download Email history as JSON' })));
    expect(await within(emails).findByText('You do not have permission to do that.')).toBeInTheDocument();
  } finally {
    global.fetch = realFetch;
  }
});
