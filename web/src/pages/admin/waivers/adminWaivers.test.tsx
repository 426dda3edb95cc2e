import { waiverVersionForm } from '@studio/rules';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { problemsOf } from '../../../app/forms';
import { fakeSession, makeUser, renderApp, setViewportWidth, type Answer } from '../../../../test/utils';
import type { AdminWaiverStatusRowFragment, AdminWaiverVersionFragment } from './adminWaivers.generated';
import AdminWaiversPage from './AdminWaiversPage';
import { reminderSummary } from './WaiverSignaturesTab';

jest.setTimeout(30_000);

const admin = () => fakeSession({ user: makeUser({ role: 'admin', id: 'u-admin' }) });
const person = (id: string, firstName: string, extra: Record<string, unknown> = {}) => ({
  __typename: 'User',
  id,
  firstName,
  lastName: 'Reyes',
  username: firstName.toLowerCase(),
  email: `${firstName.toLowerCase()}@example.test`,
  isMinor: false,
  ...extra,
});
const paula = person('p', 'Paula');
const signature = (id: string, version: number, by = paula, extra: Record<string, unknown> = {}) => ({
  __typename: 'WaiverSignature',
  id,
  documentId: version === 1 ? 'ASTRO-WAIVER-2025' : 'ASTRO-WAIVER-2026',
  documentVersion: version,
  signedAt: '2026-11-23T17:15:00.000Z',
  ip: '203.0.113.7',
  userAgent: 'StudioTest/1.0',
  typedName: 'Paula Reyes',
  hasDrawing: true,
  pdfUrl: `/api/waivers/signatures/${id}.pdf`,
  signedBy: { __typename: 'User', id: by.id, firstName: by.firstName, lastName: by.lastName },
  ...extra,
});
const rows = [
  { id: 'p', standing: 'OUTDATED', person: paula, contact: paula, signature: signature('sig-p', 1) },
  {
    id: 'm',
    standing: 'CURRENT',
    person: person('m', 'Mia', { username: null, email: null, isMinor: true }),
    contact: paula,
    signature: signature('sig-m', 2),
  },
  { id: 'n', standing: 'NEVER', person: person('n', 'Nina'), contact: person('n', 'Nina'), signature: null },
].map((r) => ({ __typename: 'WaiverStatus', ...r })) as unknown as AdminWaiverStatusRowFragment[];
const statuses = (items = rows): Answer => ({
  data: {
    waiverStatuses: {
      __typename: 'WaiverStatusPage',
      total: items.length,
      page: 1,
      pageSize: 25,
      counts: { __typename: 'WaiverStandingCounts', current: 1, outdated: 1, never: 1, missing: 2 },
      items,
    },
  },
});
const version = (n: number, extra: Partial<AdminWaiverVersionFragment> = {}) =>
  ({
    __typename: 'WaiverDocument',
    id: `v${n}`,
    documentId: n === 1 ? 'ASTRO-WAIVER-2025' : 'ASTRO-WAIVER-2026',
    version: n,
    title: 'Liability Waiver and Release',
    lastUpdated: n === 1 ? '2025-05-01' : '2026-06-01',
    publishedAt: '2026-06-01T15:00:00.000Z',
    sections: [
      { __typename: 'WaiverSection', key: 'assumption_of_risk', heading: 'Assumption of Risk', body: `Risk text ${n}.` },
      { __typename: 'WaiverSection', key: 'media_release', heading: 'Media Release', body: 'Photos may be taken.' },
    ],
    ...extra,
  }) as AdminWaiverVersionFragment;
const versions: Answer = { data: { waiverVersions: [version(2), version(1)] } };

function renderPage(
  route = '/admin/waivers',
  handlers: Record<string, Answer | ((op: { variables: Record<string, unknown> }) => Answer)> = {},
) {
  return renderApp(<AdminWaiversPage />, {
    session: admin(),
    route,
    handlers: { AdminWaiverVersions: versions, AdminWaiverStatuses: statuses(), ...handlers },
  });
}

it('says what each reminder did', () => {
  expect(reminderSummary({ reminded: 3, emails: 2, alreadyReminded: 1, withoutEmail: 1, remaining: 0 })).toBe(
    'Reminded 3 people in 2 emails. 1 person already had a reminder today. 1 person has no email address.',
  );
  expect(reminderSummary({ reminded: 0, emails: 0, alreadyReminded: 4, withoutEmail: 0, remaining: 0 })).toBe(
    'Nobody was reminded. 4 people already had a reminder today.',
  );
  expect(reminderSummary({ reminded: 500, emails: 480, alreadyReminded: 0, withoutEmail: 0, remaining: 20 })).toBe(
    'Reminded 500 people in 480 emails. 20 people still to remind: send again for the rest.',
  );
});

it('the version editor needs a document id, a date and sections with text', () => {
  const valid = {
    documentId: 'ASTRO-WAIVER-2026',
    title: 'Waiver',
    lastUpdated: '2026-06-01',
    sections: [{ heading: 'Risk', body: 'Text' }],
  };
  expect(problemsOf(waiverVersionForm, valid)).toEqual({});
  expect(problemsOf(waiverVersionForm, { ...valid, documentId: 'astro 2026', sections: [] })).toEqual({
    documentId: 'Use capital letters, digits, dashes and dots, e.g. ASTRO-WAIVER-2026.',
    sections: 'A waiver needs at least one section.',
  });
  expect(problemsOf(waiverVersionForm, { ...valid, sections: [{ heading: 'Risk', body: ' ' }] })).toEqual({
    'sections.0.body': 'Write the text of the section.',
  });
});

describe('/admin/waivers: signatures', () => {
  it('lists who stands where with the counts, filters and searches on the server', async () => {
    const { calls } = renderPage();
    expect(await screen.findByText('3 people')).toBeInTheDocument();
    expect(screen.getByText('Members sign version 2: ASTRO-WAIVER-2026, last updated June 1, 2026.')).toBeInTheDocument();
    expect(calls.find((c) => c.operationName === 'AdminWaiverStatuses')?.variables).toEqual({
      page: 1,
      pageSize: 25,
      sortField: 'name',
      sortDirection: 'ASC',
    });
    const grid = screen.getByRole('grid');
    expect(within(grid).getByText('Minor · through Paula Reyes (paula@example.test)')).toBeInTheDocument();
    expect(within(grid).getByText('Signed older version')).toBeInTheDocument();
    expect(within(grid).getByText('Never signed')).toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: /^Signed older version/ }));
    await waitFor(() => expect(calls.at(-1)?.variables).toMatchObject({ standings: ['OUTDATED'], page: 1 }));
    fireEvent.mouseDown(screen.getByRole('combobox', { name: /^Standing/ }));
    fireEvent.click(screen.getByRole('option', { name: 'Still to sign' }));
    await waitFor(() => expect(calls.at(-1)?.variables).toMatchObject({ standings: ['OUTDATED', 'NEVER'] }));
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search people' }), { target: { value: 'rey' } });
    await waitFor(() => expect(calls.at(-1)?.variables).toMatchObject({ search: 'rey', standings: ['OUTDATED', 'NEVER'] }));
  });

  it('opens a signature record with the signer for a minor, how it was signed, and its PDF', async () => {
    const png = 'data:image/png;base64,iVBORw0KGgo=';
    const { calls } = renderPage('/admin/waivers', {
      AdminWaiverSignatureDrawing: { data: { waiverSignature: { __typename: 'WaiverSignature', id: 'sig-m', drawing: png } } },
    });
    fireEvent.click(await screen.findByText('Mia Reyes'));
    const dialog = await screen.findByRole('dialog', { name: 'Signature of Mia Reyes' });
    for (const text of [
      'Mia Reyes (a minor)',
      'ASTRO-WAIVER-2026 · version 2',
      'Paula Reyes (parent or guardian)',
      '“Paula Reyes”',
      '203.0.113.7',
      'StudioTest/1.0',
    ])
      expect(within(dialog).getByText(text)).toBeInTheDocument();
    expect(within(dialog).getByText(/Nov 23, 2026 at \d{1,2}:15 [AP]M/)).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Download PDF' })).toBeInTheDocument();
    expect(await within(dialog).findByRole('img', { name: 'Drawn signature of Paula Reyes' })).toHaveAttribute('src', png);
    expect(calls.find((c) => c.operationName === 'AdminWaiverSignatureDrawing')?.variables).toEqual({ id: 'sig-m' });
  });

  it('reminds those missing after a confirmation, with the filters shown', async () => {
    const { calls } = renderPage('/admin/waivers', {
      RemindMissingWaivers: {
        data: {
          remindMissingWaivers: {
            __typename: 'WaiverReminderResult',
            reminded: 2,
            emails: 1,
            alreadyReminded: 0,
            withoutEmail: 0,
            remaining: 0,
          },
        },
      },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Remind 2 missing' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remind 2 people?' });
    expect(within(dialog).getByText(/who has not signed version 2 gets an email/)).toBeInTheDocument();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send reminders' }));
    await waitFor(() => expect(calls.find((c) => c.operationName === 'RemindMissingWaivers')?.variables).toEqual({}));
    expect(await screen.findByText('Reminded 2 people in 1 email.')).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'Remind 2 people?' })).not.toBeInTheDocument();
  });

  it('shows people as cards on a phone', async () => {
    setViewportWidth(375);
    renderPage();
    expect(await screen.findByText('Nina Reyes')).toBeInTheDocument();
    expect(screen.queryByRole('grid')).not.toBeInTheDocument();
    expect(screen.getByText('v1 · Nov 23, 2026')).toBeInTheDocument();
    expect(screen.getByText('No signature on record')).toBeInTheDocument();
  });
});

describe('/admin/waivers: versions', () => {
  it('lists the versions, the current one first, and opens one to its text', async () => {
    renderPage('/admin/waivers?tab=versions');
    expect(await screen.findByText('Version 2')).toBeInTheDocument();
    expect(screen.getByText('Current')).toBeInTheDocument();
    expect(screen.getByText(/ASTRO-WAIVER-2025 · last updated May 1, 2025/)).toBeInTheDocument();
    fireEvent.click(screen.getByText('Version 1'));
    expect(await screen.findByText('Risk text 1.')).toBeVisible();
  });

  it('writes a new version from the current one and publishes it after a confirmation', async () => {
    const { calls } = renderPage('/admin/waivers?tab=versions', {
      PublishWaiverVersion: ({ variables }) => {
        const input = variables.input as { documentId: string; sections: { heading: string; body: string }[] };
        const sections = input.sections.map((s, i) => ({ __typename: 'WaiverSection', key: `s${i}`, ...s }));
        return { data: { publishWaiverVersion: version(3, { documentId: input.documentId, sections }) } };
      },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'New version' }));
    const editor = await screen.findByRole('dialog', { name: 'New waiver version (version 3)' });
    expect(within(editor).getByRole('textbox', { name: 'Document ID' })).toHaveValue('ASTRO-WAIVER-2026');
    const section1 = within(editor).getByRole('group', { name: 'Section 1' });
    expect(within(section1).getByRole('textbox', { name: 'Text' })).toHaveValue('Risk text 2.');

    fireEvent.click(within(editor).getByRole('button', { name: 'Remove section 2' }));
    fireEvent.click(within(editor).getByRole('button', { name: 'Add section' }));
    fireEvent.click(within(editor).getByRole('button', { name: 'Publish…' }));
    expect(await within(editor).findByText('Give the section a heading.')).toBeInTheDocument();
    expect(calls.some((c) => c.operationName === 'PublishWaiverVersion')).toBe(false);

    const section2 = within(editor).getByRole('group', { name: 'Section 2' });
    fireEvent.change(within(section2).getByRole('textbox', { name: 'Heading' }), { target: { value: 'Studio Rules' } });
    fireEvent.change(within(section2).getByRole('textbox', { name: 'Text' }), {
      target: { value: 'No jewellery on the silks.\nTie long hair back.' },
    });
    fireEvent.change(within(editor).getByRole('textbox', { name: 'Document ID' }), { target: { value: 'ASTRO-WAIVER-2027' } });
    fireEvent.click(within(editor).getByRole('button', { name: 'Publish…' }));

    const confirm = await screen.findByRole('dialog', { name: 'Publish version 3?' });
    expect(within(confirm).getByText(/signs this one again before their next booking/)).toBeInTheDocument();
    fireEvent.click(within(confirm).getByRole('button', { name: 'Publish version 3' }));
    await waitFor(() => expect(calls.some((c) => c.operationName === 'PublishWaiverVersion')).toBe(true));
    expect(calls.find((c) => c.operationName === 'PublishWaiverVersion')?.variables).toEqual({
      input: {
        documentId: 'ASTRO-WAIVER-2027',
        title: 'Liability Waiver and Release',
        lastUpdated: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
        sections: [
          { heading: 'Assumption of Risk', body: 'Risk text 2.' },
          { heading: 'Studio Rules', body: 'No jewellery on the silks.\nTie long hair back.' },
        ],
      },
    });
    expect(await screen.findByText('Version 3 published')).toBeInTheDocument();
    expect(await screen.findByText('Version 3')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
