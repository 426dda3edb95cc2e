import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { fakeSession, gqlError, makeUser, member, renderApp, type Answer, type Handler } from '../../../test/utils';
import FamilyPage from './FamilyPage';

const parent = makeUser({
  id: 'p-1',
  role: 'parent',
  firstName: 'Paula',
  lastName: 'Reyes',
  familyMembers: [
    member('m-mia', 'Mia', '2016-02-01', { age: 10, isMinor: true }),
    member('m-leo', 'Leo', '2007-02-01', { age: 19, isMinor: false }),
  ],
});

function invite(status: 'pending' | 'expired' | 'accepted', extra: Record<string, unknown> = {}) {
  return {
    __typename: 'FamilyInvite',
    id: 'inv-1',
    email: 'leo@example.test',
    status,
    sentAt: '2026-11-20T18:00:00.000Z',
    expiresAt: '2026-11-27T18:00:00.000Z',
    acceptedAt: status === 'accepted' ? '2026-11-21T18:00:00.000Z' : null,
    ...extra,
  };
}

function states(leo: { hasLogin?: boolean; familyInvite?: ReturnType<typeof invite> | null }) {
  return {
    data: {
      profile: {
        __typename: 'User',
        id: 'p-1',
        familyMembers: [
          { __typename: 'User', id: 'm-mia', hasLogin: false, familyInvite: null },
          { __typename: 'User', id: 'm-leo', hasLogin: leo.hasLogin ?? false, familyInvite: leo.familyInvite ?? null },
        ],
      },
    },
  };
}

function renderFamily(handlers: Record<string, Handler | Answer>) {
  return renderApp(<FamilyPage />, { route: '/family', session: fakeSession({ user: parent }), handlers });
}

const card = (name: string) => screen.getByRole('heading', { name }).closest('li') as HTMLElement;

it('offers adults (never children) an invite to their own login, and sends it to the address given', async () => {
  const { calls } = renderFamily({
    FamilyInvites: states({}),
    InviteFamilyMember: {
      data: { inviteFamilyMember: { __typename: 'User', id: 'm-leo', hasLogin: false, familyInvite: invite('pending') } },
    },
  });
  const leo = await screen.findByRole('heading', { name: 'Leo Reyes' });
  expect(within(card('Mia Reyes')).queryByRole('button', { name: /Invite/ })).not.toBeInTheDocument();
  fireEvent.click(within(leo.closest('li')!).getByRole('button', { name: 'Invite to own login' }));
  const dialog = screen.getByRole('dialog', { name: 'Invite Leo' });
  expect(dialog).toHaveTextContent('Leo is 19, so they sign their own waiver');
  fireEvent.click(within(dialog).getByRole('button', { name: 'Send invite' }));
  expect(await within(dialog).findByText('Enter their email address.')).toBeInTheDocument();
  fireEvent.change(within(dialog).getByLabelText(/Leo’s email/), { target: { value: 'nope' } });
  fireEvent.click(within(dialog).getByRole('button', { name: 'Send invite' }));
  expect(await within(dialog).findByText('Enter a valid email address.')).toBeInTheDocument();
  fireEvent.change(within(dialog).getByLabelText(/Leo’s email/), { target: { value: 'leo@example.test' } });
  fireEvent.click(within(dialog).getByRole('button', { name: 'Send invite' }));
  expect(await screen.findByText('We emailed Leo a link to create their login.')).toBeInTheDocument();
  expect(calls.find((c) => c.operationName === 'InviteFamilyMember')?.variables).toEqual({ memberId: 'm-leo', email: 'leo@example.test' });
  await waitFor(() => expect(card('Leo Reyes')).toHaveTextContent('InvitedSent to leo@example.test on Nov 20, 2026'));
  expect(card('Leo Reyes')).toHaveTextContent('the link works until Nov 27, 2026');
  expect(within(card('Leo Reyes')).getByRole('button', { name: 'Resend' })).toBeInTheDocument();
});

it("shows the server's word on a taken address under the field", async () => {
  renderFamily({
    FamilyInvites: states({}),
    InviteFamilyMember: gqlError('CONFLICT', 'An account with that email already exists.', {
      email: 'An account with that email already exists.',
    }),
  });
  fireEvent.click(await screen.findByRole('button', { name: 'Invite to own login' }));
  const dialog = screen.getByRole('dialog');
  fireEvent.change(within(dialog).getByLabelText(/Leo’s email/), { target: { value: 'taken@example.test' } });
  fireEvent.click(within(dialog).getByRole('button', { name: 'Send invite' }));
  expect(await within(dialog).findByText('An account with that email already exists.')).toBeInTheDocument();
});

it('resends to the same address by default, and withdraws a pending invite', async () => {
  const { calls } = renderFamily({
    FamilyInvites: states({ familyInvite: invite('pending') }),
    CancelFamilyInvite: { data: { cancelFamilyInvite: { __typename: 'User', id: 'm-leo', hasLogin: false, familyInvite: null } } },
  });
  await waitFor(() => expect(card('Leo Reyes')).toHaveTextContent('Invited'));
  fireEvent.click(within(card('Leo Reyes')).getByRole('button', { name: 'Resend' }));
  const dialog = screen.getByRole('dialog', { name: 'Send Leo a new link' });
  expect(within(dialog).getByLabelText(/Leo’s email/)).toHaveValue('leo@example.test');
  expect(dialog).toHaveTextContent('The link sent before stops working.');
  fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));

  fireEvent.click(within(card('Leo Reyes')).getByRole('button', { name: 'Withdraw' }));
  expect(await screen.findByText('The link sent to Leo no longer works.')).toBeInTheDocument();
  expect(calls.find((c) => c.operationName === 'CancelFamilyInvite')?.variables).toEqual({ memberId: 'm-leo' });
  await waitFor(() => expect(within(card('Leo Reyes')).getByRole('button', { name: 'Invite to own login' })).toBeInTheDocument());
});

it('offers to send again once the link expired', async () => {
  renderFamily({ FamilyInvites: states({ familyInvite: invite('expired') }) });
  await waitFor(() => expect(card('Leo Reyes')).toHaveTextContent('Invite expired'));
  expect(within(card('Leo Reyes')).getByRole('button', { name: 'Send again' })).toBeInTheDocument();
  expect(within(card('Leo Reyes')).queryByRole('button', { name: 'Withdraw' })).not.toBeInTheDocument();
});

it('shows an accepted invite as their own login, with no edit button (their details are their own)', async () => {
  renderFamily({ FamilyInvites: states({ hasLogin: true, familyInvite: invite('accepted') }) });
  await waitFor(() => expect(card('Leo Reyes')).toHaveTextContent('Own loginJoined Nov 21, 2026'));
  expect(within(card('Leo Reyes')).queryByRole('button', { name: /Invite|Resend/ })).not.toBeInTheDocument();
  expect(within(card('Leo Reyes')).queryByRole('button', { name: 'Edit Leo Reyes' })).not.toBeInTheDocument();
  expect(within(card('Mia Reyes')).getByRole('button', { name: 'Edit Mia Reyes' })).toBeInTheDocument();
});

const miaHealth = (allergies: string) => ({
  __typename: 'HealthDetails',
  allergies,
  medicalNotes: '',
  emergencyContactName: 'Rosa Reyes',
  emergencyContactPhone: '555-0100',
  emergencyContactRelationship: 'Grandmother',
  updatedAt: '2026-11-20T18:00:00.000Z',
});
const familyHealth = (mia: ReturnType<typeof miaHealth> | null) => ({
  data: {
    profile: {
      __typename: 'User',
      id: 'p-1',
      familyMembers: [
        { __typename: 'User', id: 'm-mia', health: mia },
        { __typename: 'User', id: 'm-leo', health: null },
      ],
    },
  },
});

it("edits a child's allergies and emergency contact in the member dialog, checking the contact is complete", async () => {
  const { calls } = renderFamily({
    FamilyInvites: states({}),
    FamilyHealth: familyHealth(miaHealth('Peanuts')),
    UpdateFamilyMember: { data: { updateFamilyMember: { ...member('m-mia', 'Mia', '2016-02-01', { age: 10, isMinor: true }) } } },
    UpdateHealthDetails: { data: { updateHealthDetails: { __typename: 'User', id: 'm-mia', health: miaHealth('Peanuts, bee stings') } } },
  });
  await waitFor(() => expect(card('Mia Reyes')).toHaveTextContent('Health details on file'));
  expect(card('Leo Reyes')).not.toHaveTextContent('Health details on file');
  fireEvent.click(within(card('Mia Reyes')).getByRole('button', { name: 'Edit Mia Reyes' }));
  const dialog = await screen.findByRole('dialog', { name: 'Edit Mia' });
  expect(within(dialog).getByLabelText('Allergies')).toHaveValue('Peanuts');
  expect(within(dialog).getByLabelText('Emergency contact')).toHaveValue('Rosa Reyes');

  fireEvent.change(within(dialog).getByLabelText('Emergency contact phone'), { target: { value: '' } });
  fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
  expect(await within(dialog).findByText('Add a phone number for the emergency contact.')).toBeInTheDocument();
  expect(calls.some((c) => c.operationName === 'UpdateHealthDetails')).toBe(false);

  fireEvent.change(within(dialog).getByLabelText('Emergency contact phone'), { target: { value: '555-0100' } });
  fireEvent.change(within(dialog).getByLabelText('Allergies'), { target: { value: 'Peanuts, bee stings' } });
  fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
  await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Edit Mia' })).not.toBeInTheDocument());
  expect(calls.find((c) => c.operationName === 'UpdateHealthDetails')?.variables).toEqual({
    personId: 'm-mia',
    input: {
      allergies: 'Peanuts, bee stings',
      medicalNotes: '',
      emergencyContactName: 'Rosa Reyes',
      emergencyContactPhone: '555-0100',
      emergencyContactRelationship: 'Grandmother',
    },
  });
});

it('saves no health details when only the name changed', async () => {
  const { calls } = renderFamily({
    FamilyInvites: states({}),
    FamilyHealth: familyHealth(null),
    UpdateFamilyMember: { data: { updateFamilyMember: { ...member('m-mia', 'Amelia', '2016-02-01', { age: 10, isMinor: true }) } } },
  });
  fireEvent.click(await within(card('Mia Reyes')).findByRole('button', { name: 'Edit Mia Reyes' }));
  const dialog = await screen.findByRole('dialog', { name: 'Edit Mia' });
  expect(within(dialog).getByLabelText('Allergies')).toHaveValue('');
  fireEvent.change(within(dialog).getByLabelText(/First name/), { target: { value: 'Amelia' } });
  fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
  await waitFor(() => expect(calls.some((c) => c.operationName === 'UpdateFamilyMember')).toBe(true));
  expect(calls.some((c) => c.operationName === 'UpdateHealthDetails')).toBe(false);
});
