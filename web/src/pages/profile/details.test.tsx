import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { fakeSession, makeUser, renderApp } from '../../../test/utils';
import ProfilePage from './ProfilePage';

// A long page under jsdom: tens of seconds on a busy machine.
jest.setTimeout(60_000);

describe('personal details on /profile', () => {
  it('shows the phone and saves a changed one with the shared phone rule', async () => {
    const user = makeUser({ id: 'u-1' });
    const { calls } = renderApp(<ProfilePage />, {
      session: fakeSession({ user }),
      route: '/profile',
      handlers: {
        MyPhone: { data: { me: { __typename: 'User', id: 'u-1', phone: '0412 345 678' } } },
        UpdateProfile: { data: { updateProfile: { ...user, phone: '+61 412 345 678' } } },
      },
    });
    const phone = await screen.findByLabelText('Phone');
    await waitFor(() => expect(phone).toHaveValue('0412 345 678'));
    const form = phone.closest('form')!;
    fireEvent.change(phone, { target: { value: 'ring me' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save changes' }));
    expect(await within(form).findByText('Use digits, spaces and + ( ) - . only.')).toBeInTheDocument();
    expect(calls.some((c) => c.operationName === 'UpdateProfile')).toBe(false);
    fireEvent.change(phone, { target: { value: '+61 412 345 678' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save changes' }));
    await waitFor(() =>
      expect(calls.find((c) => c.operationName === 'UpdateProfile')?.variables).toEqual({ input: { phone: '+61 412 345 678' } }),
    );
  });
});
