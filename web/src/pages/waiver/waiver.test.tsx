import { ageOn, SIGNATURE_DRAWING_MAX_LENGTH, SIGNATURE_DRAWING_TOO_LARGE } from '@studio/rules';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { problemsOf } from '../../app/forms';
import { TOKEN_KEY } from '../../app/storage';
import { fakeSession, gqlError, makeUser, member, renderApp, type Answer } from '../../../test/utils';
import WaiverPage from './WaiverPage';
import {
  AGREEMENT_REQUIRED,
  NOT_AUTHENTICATED,
  REDIRECT_AFTER_SIGNING_MS,
  SELECTION_REQUIRED,
  SIGNED,
  SIGNING_FAILED,
  checkSubmission,
  formatDocumentDate,
  initialSelection,
  signatureForm,
  stillToSign,
  toggleSelection,
  waiverPeople,
} from './waiverRules';

const today = '2025-06-15';
// Ages and minority as the API sends them on that day.
const parent = { id: 'p', firstName: 'Paula', lastName: 'Reyes', birthday: '1980-02-10', age: 45, isMinor: false };
const mia = { id: 'm', firstName: 'Mia', lastName: 'Reyes', birthday: '2015-01-01', age: 10, isMinor: true };
const leo = { id: 'l', firstName: 'Leo', lastName: 'Reyes', birthday: '2006-01-01', age: 19, isMinor: false };
const turning18Tomorrow = { id: 't', firstName: 'Tia', lastName: 'Reyes', birthday: '2007-06-16', age: 17, isMinor: true };

describe('waiver rules (pure)', () => {
  it('ages by birthday with 18 as the adult threshold', () => {
    expect(ageOn('2007-06-15', today)).toBe(18);
    expect(ageOn('2007-06-16', today)).toBe(17);
    const people = waiverPeople(parent, [mia, leo, turning18Tomorrow]);
    expect(people.map((p) => [p.firstName, p.isMinor, p.selectable])).toEqual([
      ['Paula', false, true],
      ['Mia', true, true],
      ['Leo', false, false],
      ['Tia', true, true],
    ]);
  });

  it('pre-selects the user and the minors, never other adults', () => {
    const people = waiverPeople(parent, [mia, leo]);
    expect([...initialSelection(people)]).toEqual(['p', 'm']);
  });

  it('only the user or persons under 18 can be toggled', () => {
    const people = waiverPeople(parent, [mia, leo]);
    let sel = initialSelection(people);
    sel = toggleSelection(sel, people[1]);
    expect(sel.has('m')).toBe(false);
    sel = toggleSelection(sel, people[0]);
    expect(sel.has('p')).toBe(false);
    sel = toggleSelection(sel, people[2]);
    expect(sel.has('l')).toBe(false);
  });

  it('every outcome of pressing Sign Waiver(s)', () => {
    const family = waiverPeople(parent, [mia, leo]);
    const alone = waiverPeople(parent, []);
    const base = { tokenStored: true };
    expect(checkSubmission({ ...base, agreed: false, people: family, selected: new Set(['p']) })).toEqual({
      ok: false,
      message: AGREEMENT_REQUIRED,
    });
    expect(checkSubmission({ ...base, agreed: true, people: family, selected: new Set() })).toEqual({
      ok: false,
      message: SELECTION_REQUIRED,
    });
    expect(checkSubmission({ ...base, agreed: true, people: family, selected: new Set(['l']) })).toEqual({
      ok: false,
      message: SELECTION_REQUIRED,
    });
    expect(checkSubmission({ ...base, agreed: true, people: alone, selected: new Set() })).toEqual({ ok: true, userIds: ['p'] });
    expect(checkSubmission({ ...base, agreed: true, people: family, selected: new Set(['p', 'm']) })).toEqual({
      ok: true,
      userIds: ['p', 'm'],
    });
    expect(checkSubmission({ ...base, agreed: true, people: family, selected: new Set(['m']) })).toEqual({ ok: true, userIds: ['m'] });
    expect(checkSubmission({ tokenStored: false, agreed: true, people: family, selected: new Set(['p']) })).toEqual({
      ok: false,
      message: NOT_AUTHENTICATED,
    });
  });

  it('has the exact messages of the waiver page', () => {
    expect(`${AGREEMENT_REQUIRED.title}: ${AGREEMENT_REQUIRED.description}`).toBe(
      'Agreement required: Please read and agree to the waiver terms.',
    );
    expect(`${SELECTION_REQUIRED.title}: ${SELECTION_REQUIRED.description}`).toBe(
      'Selection required: Please select at least one person to sign for.',
    );
    expect(NOT_AUTHENTICATED.description).toBe('Not authenticated');
    expect(SIGNING_FAILED.description).toBe('Failed to sign the waivers. Please try again.');
    expect(`${SIGNED.title}: ${SIGNED.description}`).toBe('Waivers signed successfully: Thank you for signing the waivers.');
    expect(REDIRECT_AFTER_SIGNING_MS).toBe(1000);
  });

  it('formats the last-updated date', () => {
    expect(formatDocumentDate('2025-05-01')).toBe('May 1, 2025');
  });
});

const firstVersion = {
  __typename: 'WaiverDocument',
  documentId: 'ASTRO-WAIVER-2025',
  version: 1,
  title: 'Liability Waiver and Release',
  lastUpdated: '2025-05-01',
  sections: [
    { __typename: 'WaiverSection', key: 'assumption_of_risk', heading: 'Assumption of Risk', body: 'Aerial arts involve risk.' },
    { __typename: 'WaiverSection', key: 'medical_release', heading: 'Medical Release', body: 'I am in good health.' },
    { __typename: 'WaiverSection', key: 'media_release', heading: 'Media Release', body: 'Photos may be taken.' },
  ],
};
const waiverDocument: Answer = { data: { waiverDocument: firstVersion } };

function isoYearsAgo(years: number) {
  const d = new Date();
  return `${d.getFullYear() - years}-01-01`;
}

const paula = makeUser({
  id: 'p',
  firstName: 'Paula',
  lastName: 'Reyes',
  username: 'parent',
  role: 'parent',
  birthday: isoYearsAgo(45),
  waiverSigned: false,
  familyMembers: [member('m', 'Mia', isoYearsAgo(10)), member('l', 'Leo', isoYearsAgo(19), { isMinor: false })],
});

function renderWaiver(
  user = paula,
  signWaivers: Answer | ((op: { variables: Record<string, unknown> }) => Answer) = {
    data: { signWaivers: { __typename: 'SignWaiversPayload', signatures: [], user: { ...user, waiverSigned: true } } },
  },
) {
  localStorage.setItem(TOKEN_KEY, 'tok');
  const session = fakeSession({ user });
  const rendered = renderApp(<WaiverPage />, {
    route: '/waiver',
    session,
    handlers: { WaiverDocument: waiverDocument, SignWaivers: signWaivers },
  });
  return { ...rendered, session };
}

const checkbox = (name: RegExp | string) => screen.getByRole('checkbox', { name });
const typeName = (name: string) => fireEvent.change(screen.getByRole('textbox', { name: /Full name/ }), { target: { value: name } });

describe('WaiverPage', () => {
  it("signed out: 'Authentication Required' with a 'Go to Login' button", () => {
    renderApp(<WaiverPage />, { route: '/waiver', session: fakeSession() });
    expect(screen.getByText('Authentication Required')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to Login' })).toHaveAttribute('href', '/login');
  });

  it('shows the waiver text with its document id and last-updated date', async () => {
    renderWaiver();
    expect(await screen.findByText('ASTRO-WAIVER-2025')).toBeInTheDocument();
    expect(screen.getByText(/Last updated: May 1, 2025/)).toBeInTheDocument();
    for (const heading of ['Assumption of Risk', 'Medical Release', 'Media Release'])
      expect(screen.getByRole('heading', { name: heading })).toBeInTheDocument();
  });

  it('lists the user and family; the user and minors are ticked; other adults are disabled with a line', async () => {
    renderWaiver();
    await screen.findByText('ASTRO-WAIVER-2025');
    expect(checkbox(/Paula Reyes \(you\)/)).toBeChecked();
    expect(checkbox(/Mia Reyes/)).toBeChecked();
    expect(checkbox(/Leo Reyes/)).not.toBeChecked();
    expect(checkbox(/Leo Reyes/)).toBeDisabled();
    expect(screen.getByText('Leo is 18 or older and must sign the waiver with their own account.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeInTheDocument();
  });

  it('a parent who has not signed yet invites the adult child to a login of their own from here', async () => {
    localStorage.setItem(TOKEN_KEY, 'tok');
    const inviteState = (familyInvite: unknown) => ({ __typename: 'User', id: 'l', hasLogin: false, familyInvite });
    const pending = {
      __typename: 'FamilyInvite',
      id: 'inv-1',
      email: 'leo@example.test',
      status: 'pending',
      sentAt: '2026-12-04T10:00:00.000Z',
      expiresAt: '2026-12-11T10:00:00.000Z',
      acceptedAt: null,
    };
    const { calls } = renderApp(<WaiverPage />, {
      route: '/waiver',
      session: fakeSession({ user: paula }),
      handlers: {
        WaiverDocument: waiverDocument,
        FamilyInvites: {
          data: {
            profile: {
              __typename: 'User',
              id: 'p',
              familyMembers: [{ __typename: 'User', id: 'm', hasLogin: false, familyInvite: null }, inviteState(null)],
            },
          },
        },
        InviteFamilyMember: { data: { inviteFamilyMember: inviteState(pending) } },
      },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Invite Leo' }));
    const dialog = await screen.findByRole('dialog', { name: 'Invite Leo' });
    fireEvent.change(within(dialog).getByRole('textbox', { name: /Leo’s email/ }), { target: { value: 'leo@example.test' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send invite' }));
    await waitFor(() =>
      expect(calls.find((c) => c.operationName === 'InviteFamilyMember')?.variables).toEqual({ memberId: 'l', email: 'leo@example.test' }),
    );
    expect(await screen.findByText(/Invite sent to leo@example.test/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Send Leo a new link' })).toBeInTheDocument();
    // Mia is a minor: the parent signs for her, nobody invites her.
    expect(screen.queryByRole('button', { name: 'Invite Mia' })).not.toBeInTheDocument();
  });

  it("without the agreement: 'Agreement required: Please read and agree to the waiver terms.'", async () => {
    const { calls } = renderWaiver();
    await screen.findByText('ASTRO-WAIVER-2025');
    fireEvent.click(screen.getByRole('button', { name: 'Sign Waiver(s)' }));
    const toast = await screen.findByRole('alert');
    expect(within(toast).getByText('Agreement required')).toBeInTheDocument();
    expect(within(toast).getByText('Please read and agree to the waiver terms.')).toBeInTheDocument();
    expect(calls.some((c) => c.operationName === 'SignWaivers')).toBe(false);
  });

  it("with nobody selected in a family: 'Selection required: Please select at least one person to sign for.'", async () => {
    renderWaiver();
    await screen.findByText('ASTRO-WAIVER-2025');
    fireEvent.click(checkbox(/Paula Reyes/));
    fireEvent.click(checkbox(/Mia Reyes/));
    fireEvent.click(checkbox(/I have read and agree/));
    fireEvent.click(screen.getByRole('button', { name: 'Sign Waiver(s)' }));
    const toast = await screen.findByRole('alert');
    expect(toast).toHaveTextContent('Selection required');
    expect(toast).toHaveTextContent('Please select at least one person to sign for.');
  });

  it('a lone user with nothing selected signs alone', async () => {
    const sam = makeUser({ id: 's', waiverSigned: false });
    const { calls } = renderWaiver(sam);
    await screen.findByText('ASTRO-WAIVER-2025');
    fireEvent.click(checkbox(/Sam Okafor/));
    expect(checkbox(/Sam Okafor/)).not.toBeChecked();
    fireEvent.click(checkbox(/I have read and agree/));
    typeName('Sam Okafor');
    fireEvent.click(screen.getByRole('button', { name: 'Sign Waiver(s)' }));
    await waitFor(() =>
      expect(calls.find((c) => c.operationName === 'SignWaivers')?.variables).toEqual({
        userIds: ['s'],
        signature: { typedName: 'Sam Okafor', drawing: null },
      }),
    );
  });

  it("without a stored token: 'Not authenticated'", async () => {
    renderWaiver();
    await screen.findByText('ASTRO-WAIVER-2025');
    localStorage.removeItem(TOKEN_KEY);
    fireEvent.click(checkbox(/I have read and agree/));
    fireEvent.click(screen.getByRole('button', { name: 'Sign Waiver(s)' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Not authenticated');
  });

  it("a failed request: 'Failed to sign the waivers. Please try again.'", async () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    renderWaiver(paula, gqlError('FORBIDDEN', 'Leo Reyes is 18 or older and must sign the waiver with their own account.'));
    await screen.findByText('ASTRO-WAIVER-2025');
    fireEvent.click(checkbox(/I have read and agree/));
    typeName('Paula Reyes');
    fireEvent.click(screen.getByRole('button', { name: 'Sign Waiver(s)' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to sign the waivers. Please try again.');
    expect(screen.getByTestId('location').textContent).toBe('/waiver');
  });

  it('signs the user and minors, toasts success, refreshes the user, and goes to /dashboard after 1 second', async () => {
    const { calls, session } = renderWaiver();
    await screen.findByText('ASTRO-WAIVER-2025');
    jest.useFakeTimers({ doNotFake: ['queueMicrotask', 'nextTick', 'setImmediate'] });
    try {
      fireEvent.click(checkbox(/I have read and agree/));
      typeName(' paula  reyes ');
      fireEvent.click(screen.getByRole('button', { name: 'Sign Waiver(s)' }));
      const toast = await screen.findByTestId('toast');
      expect(toast).toHaveTextContent('Waivers signed successfully');
      expect(toast).toHaveTextContent('Thank you for signing the waivers.');
      expect(calls.find((c) => c.operationName === 'SignWaivers')?.variables).toEqual({
        userIds: ['p', 'm'],
        signature: { typedName: 'paula  reyes', drawing: null },
      });
      expect(session.refreshUser).toHaveBeenCalledWith({ force: true });
      act(() => void jest.advanceTimersByTime(REDIRECT_AFTER_SIGNING_MS - 1));
      expect(screen.getByTestId('location').textContent).toBe('/waiver');
      act(() => void jest.advanceTimersByTime(1));
      expect(screen.getByTestId('location').textContent).toBe('/dashboard');
    } finally {
      jest.useRealTimers();
    }
  });
});

describe('the signature (rules)', () => {
  const form = signatureForm({ firstName: 'Paula', lastName: 'Reyes' });

  it("needs the signer's full name typed: case and extra spaces do not matter", () => {
    expect(problemsOf(form, { typedName: '  PAULA   reyes ', drawing: null })).toEqual({});
    expect(problemsOf(form, { typedName: '', drawing: null })).toEqual({ typedName: 'Type your full name to sign.' });
    expect(problemsOf(form, { typedName: 'Paula R.', drawing: null })).toEqual({
      typedName: 'Type your full name as it is on your account: Paula Reyes.',
    });
  });

  it('refuses a drawing that is too large to keep', () => {
    const huge = `data:image/png;base64,${'A'.repeat(SIGNATURE_DRAWING_MAX_LENGTH)}`;
    expect(problemsOf(form, { typedName: 'Paula Reyes', drawing: huge }).drawing).toBe(SIGNATURE_DRAWING_TOO_LARGE);
    expect(problemsOf(form, { typedName: 'Paula Reyes', drawing: 'data:image/png;base64,iVBORw0KGgo=' })).toEqual({});
  });

  it('a lone child left unticked (the parent has signed) is no selection', () => {
    const people = stillToSign(waiverPeople({ ...parent, waiverSigned: true }, [{ ...mia, waiverSigned: false }]));
    expect(people.map((p) => p.id)).toEqual(['m']);
    expect(checkSubmission({ agreed: true, people, selected: new Set(), tokenStored: true })).toEqual({
      ok: false,
      message: SELECTION_REQUIRED,
    });
  });
});

describe('WaiverPage: what is on record', () => {
  const record = (id: string, person: { id: string; firstName: string; lastName: string }, by = person, typedName = 'Paula Reyes') => ({
    __typename: 'WaiverSignature',
    id,
    documentId: 'ASTRO-WAIVER-2025',
    documentVersion: 1,
    documentTitle: 'Liability Waiver and Release',
    signedAt: '2026-11-23T17:15:00.000Z',
    typedName,
    hasDrawing: id === 'sig-m',
    pdfUrl: `/api/waivers/signatures/${id}.pdf`,
    signedFor: { __typename: 'User', ...person },
    signedBy: { __typename: 'User', ...by },
  });
  const records = (...list: ReturnType<typeof record>[]): Answer => ({ data: { myWaiverSignatures: list } });

  function renderSigned(user: ReturnType<typeof makeUser>, answer: Answer, doc = waiverDocument) {
    localStorage.setItem(TOKEN_KEY, 'tok');
    return renderApp(<WaiverPage />, {
      route: '/waiver',
      session: fakeSession({ user }),
      handlers: { WaiverDocument: doc, MyWaiverSignatures: answer },
    });
  }

  it('after a new version, tells the parent that they and their minor signed an earlier one and must sign again', async () => {
    const version2: Answer = {
      data: {
        waiverDocument: { ...firstVersion, documentId: 'ASTRO-WAIVER-2026', version: 2, lastUpdated: '2026-06-01' },
      },
    };
    const paulaRef = { id: 'p', firstName: 'Paula', lastName: 'Reyes' };
    renderSigned(
      makeUser({ ...paula, waiverSigned: false, familyMembers: [member('m', 'Mia', isoYearsAgo(10), { waiverSigned: false })] }),
      records(record('sig-m', { id: 'm', firstName: 'Mia', lastName: 'Reyes' }, paulaRef), record('sig-p', paulaRef)),
      version2,
    );
    expect(await screen.findByText('A new version of the waiver')).toBeInTheDocument();
    expect(
      screen.getByText(
        'The studio updated its waiver on June 1, 2026. You and Mia signed an earlier version: please read this one and sign it again before the next class.',
      ),
    ).toBeInTheDocument();
    expect(
      screen.getByText('The waiver has changed since you signed it. Please read the new version and sign it again.'),
    ).toBeInTheDocument();
    expect(within(screen.getByRole('list', { name: 'Signed waivers' })).getAllByText('Earlier version')).toHaveLength(2);
    expect(checkbox(/Paula Reyes \(you\)/)).toBeChecked();
    expect(checkbox(/Mia Reyes/)).toBeChecked();
  });

  it('says nothing of a new version to someone who never signed', async () => {
    renderSigned(paula, records());
    await screen.findByText('ASTRO-WAIVER-2025');
    expect(screen.queryByText('A new version of the waiver')).not.toBeInTheDocument();
    expect(screen.getByText('Please read the waiver and sign it before your first class. It only takes a minute.')).toBeInTheDocument();
  });

  it('a member without a family who signed sees what, when and a PDF copy, and no sign form or mention of children', async () => {
    const sam = makeUser({ id: 's', firstName: 'Sam', lastName: 'Okafor', waiverSigned: true, familyMembers: [] });
    renderSigned(sam, records(record('sig-s', { id: 's', firstName: 'Sam', lastName: 'Okafor' }, undefined, 'Sam Okafor')));
    const list = await screen.findByRole('list', { name: 'Signed waivers' });
    expect(within(list).getByText(/Sam Okafor \(you\)/)).toBeInTheDocument();
    expect(within(list).getByText(/ASTRO-WAIVER-2025 · version 1 · signed Nov 23, 2026 at \d{1,2}:15 [AP]M/)).toBeInTheDocument();
    expect(within(list).getByText(/Signed themselves · typed “Sam Okafor”/)).toBeInTheDocument();
    expect(within(list).getByRole('button', { name: 'Download PDF for Sam Okafor' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Sign Waiver(s)' })).not.toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: /Full name/ })).not.toBeInTheDocument();
    expect(document.body.textContent).not.toMatch(/child|family|minor/i);
  });

  it('a parent who signed for themselves signs for the minor still to sign; the adult child is told to sign on his own', async () => {
    const parentSigned = makeUser({
      ...paula,
      waiverSigned: true,
      familyMembers: [member('m', 'Mia', isoYearsAgo(10)), member('l', 'Leo', isoYearsAgo(19), { isMinor: false })],
    });
    renderSigned(parentSigned, records(record('sig-p', { id: 'p', firstName: 'Paula', lastName: 'Reyes' })));
    const list = await screen.findByRole('list', { name: 'Signed waivers' });
    expect(within(list).getByText(/Paula Reyes \(you\)/)).toBeInTheDocument();
    expect(screen.getByText('Your waiver is signed. Sign below for Mia.')).toBeInTheDocument();
    expect(screen.queryByRole('checkbox', { name: /Paula Reyes/ })).not.toBeInTheDocument();
    expect(checkbox(/Mia Reyes/)).toBeChecked();
    expect(checkbox(/Leo Reyes/)).toBeDisabled();
    expect(screen.getByText('Leo is 18 or older and must sign the waiver with their own account.')).toBeInTheDocument();
  });

  it("lists a minor's record with the parent who signed, and no form once everyone who can has signed", async () => {
    const parentSigned = makeUser({
      ...paula,
      waiverSigned: true,
      familyMembers: [member('m', 'Mia', isoYearsAgo(10), { waiverSigned: true })],
    });
    const paulaRef = { id: 'p', firstName: 'Paula', lastName: 'Reyes' };
    renderSigned(
      parentSigned,
      records(record('sig-m', { id: 'm', firstName: 'Mia', lastName: 'Reyes' }, paulaRef), record('sig-p', paulaRef)),
    );
    const list = await screen.findByRole('list', { name: 'Signed waivers' });
    expect(within(list).getByText(/Signed by Paula Reyes \(parent or guardian\) · typed “Paula Reyes” · drawn/)).toBeInTheDocument();
    expect(
      within(list)
        .getAllByRole('button', { name: /Download PDF for/ })
        .map((b) => b.getAttribute('aria-label')),
    ).toEqual(['Download PDF for Mia Reyes', 'Download PDF for Paula Reyes']);
    expect(screen.queryByRole('button', { name: 'Sign Waiver(s)' })).not.toBeInTheDocument();
  });

  it("a typed name that is not the user's is shown on the field and nothing is sent", async () => {
    const { calls } = renderWaiver();
    await screen.findByText('ASTRO-WAIVER-2025');
    fireEvent.click(checkbox(/I have read and agree/));
    typeName('Somebody Else');
    fireEvent.click(screen.getByRole('button', { name: 'Sign Waiver(s)' }));
    expect(await screen.findByText('Type your full name as it is on your account: Paula Reyes.')).toBeInTheDocument();
    expect(calls.some((c) => c.operationName === 'SignWaivers')).toBe(false);
  });
});
