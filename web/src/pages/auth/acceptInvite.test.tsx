import { fireEvent, screen, waitFor } from '@testing-library/react';
import { problemsOf } from '../../app/forms';
import { fakeSession, gqlError, makeUser, renderApp, type Answer, type Handler } from '../../../test/utils';
import { acceptInviteForm } from './authForms';
import RegisterPage from './RegisterPage';

const field = (name: string | RegExp) => screen.getByLabelText(name, { selector: 'input' });

const LINK = {
  data: {
    familyInvite: {
      __typename: 'FamilyInvitePreview',
      firstName: 'Leo',
      lastName: 'Reyes',
      email: 'leo@example.test',
      invitedBy: 'Paula Reyes',
      expiresAt: '2026-11-30T18:00:00.000Z',
    },
  },
};

function renderInvite(handlers: Record<string, Handler | Answer>, session = fakeSession()) {
  return renderApp(<RegisterPage />, { route: '/register?invite=link-token', session, handlers: { FamilyInviteLink: LINK, ...handlers } });
}

it('checks the new login like registration does', () => {
  expect(problemsOf(acceptInviteForm, { username: '', password: '', confirm: '' })).toEqual({
    username: 'Choose a username.',
    password: 'Choose a password.',
    confirm: 'Enter the password again.',
  });
  expect(problemsOf(acceptInviteForm, { username: 'leo', password: 'leo-flies-high', confirm: 'other' })).toEqual({
    password: 'Your password must not contain your username.',
    confirm: 'The passwords do not match.',
  });
  expect(problemsOf(acceptInviteForm, { username: 'leo.r', password: 'climb-the-silks', confirm: 'climb-the-silks' })).toEqual({});
});

it("shows whose invite it is, creates the login on the invited member's record and goes to their waiver", async () => {
  const session = fakeSession();
  const leo = makeUser({ id: 'm-leo', firstName: 'Leo', lastName: 'Reyes', username: 'leo.r', waiverSigned: false });
  const { calls } = renderInvite(
    { AcceptFamilyInvite: { data: { acceptFamilyInvite: { __typename: 'AuthPayload', token: 't', redirect: '/waiver', user: leo } } } },
    session,
  );
  expect(await screen.findByRole('heading', { name: 'Welcome, Leo!' })).toBeInTheDocument();
  expect(screen.getByText(/Paula Reyes invited you/)).toBeInTheDocument();
  expect(screen.getByText('leo@example.test')).toBeInTheDocument();
  expect(screen.getByText(/This link works until Nov 30, 2026/)).toBeInTheDocument();
  expect(calls[0]).toMatchObject({ operationName: 'FamilyInviteLink', variables: { token: 'link-token' } });

  fireEvent.change(field(/^Username/), { target: { value: 'leo.r' } });
  fireEvent.change(field(/^Password/), { target: { value: 'climb-the-silks' } });
  fireEvent.change(field(/^Confirm password/), { target: { value: 'climb-the-silks' } });
  fireEvent.click(screen.getByRole('button', { name: 'Create my login' }));
  await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/waiver'));
  expect(calls.find((c) => c.operationName === 'AcceptFamilyInvite')?.variables).toEqual({
    token: 'link-token',
    username: 'leo.r',
    password: 'climb-the-silks',
  });
  expect(session.signIn).toHaveBeenCalledWith(expect.objectContaining({ token: 't' }));
});

it("puts the server's field messages on the fields", async () => {
  renderInvite({
    AcceptFamilyInvite: gqlError('CONFLICT', 'That username is already taken.', { username: 'That username is already taken.' }),
  });
  fireEvent.change(await screen.findByLabelText(/^Username/, { selector: 'input' }), { target: { value: 'paula' } });
  fireEvent.change(field(/^Password/), { target: { value: 'climb-the-silks' } });
  fireEvent.change(field(/^Confirm password/), { target: { value: 'climb-the-silks' } });
  fireEvent.click(screen.getByRole('button', { name: 'Create my login' }));
  expect(await screen.findByText('That username is already taken.')).toBeInTheDocument();
  expect(screen.getByTestId('location').textContent).toBe('/register');
});

it('explains a link that no longer works', async () => {
  renderInvite({ FamilyInviteLink: { data: { familyInvite: null } } });
  expect(await screen.findByRole('heading', { name: 'This invite link does not work' })).toBeInTheDocument();
  expect(screen.getByText(/Ask whoever invited you to send a new one/)).toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'Create my login' })).not.toBeInTheDocument();
});

it('asks whoever is signed in on this device to sign out first, then comes back to the link', async () => {
  const session = fakeSession({ user: makeUser({ firstName: 'Paula', lastName: 'Reyes', role: 'parent' }) });
  renderInvite({}, session);
  expect(await screen.findByRole('heading', { name: 'This invite is for Leo' })).toBeInTheDocument();
  expect(screen.getByText(/You are signed in as Paula Reyes/)).toBeInTheDocument();
  fireEvent.click(screen.getByRole('button', { name: 'Sign out and continue' }));
  await waitFor(() => expect(session.logout).toHaveBeenCalled());
  await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/register'));
});

it('without ?invite= is the usual registration', () => {
  renderApp(<RegisterPage />, { route: '/register', session: fakeSession() });
  expect(screen.getByRole('button', { name: 'Create account' })).toBeInTheDocument();
});
