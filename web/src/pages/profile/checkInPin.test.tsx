import { fireEvent, screen } from '@testing-library/react';
import { fakeSession, gqlError, makeUser, renderApp } from '../../../test/utils';
import { newCheckInPin } from '@studio/rules';
import { CheckInPinForm } from './CheckInPinForm';

const checkInPinProblem = (pin: string) => newCheckInPin.safeParse(pin).error?.issues[0].message ?? null;

const myCheckIn = (hasPin: boolean) => ({ data: { myCheckIn: { __typename: 'MyCheckIn', code: 'signed-code', hasPin } } });

function renderForm(handlers = {}) {
  return renderApp(<CheckInPinForm />, {
    session: fakeSession({ user: makeUser() }),
    handlers: { CheckInPinState: myCheckIn(false), ...handlers },
  });
}

const type = (label: RegExp, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });

describe('check-in PIN on the profile', () => {
  it('checks the PIN like the server does', () => {
    expect(checkInPinProblem('')).toBe('Enter a 4-digit PIN.');
    expect(checkInPinProblem('12a4')).toBe('Use exactly 4 digits.');
    expect(checkInPinProblem('12345')).toBe('Use exactly 4 digits.');
    expect(checkInPinProblem('7777')).toMatch(/Too easy to guess/);
    expect(checkInPinProblem('3456')).toMatch(/Too easy to guess/);
    expect(checkInPinProblem('6543')).toMatch(/Too easy to guess/);
    expect(checkInPinProblem('2468')).toBeNull();
  });

  it('keeps only digits, and asks for a matching confirmation', async () => {
    const { calls } = renderForm();
    expect(await screen.findByText('You have no check-in PIN yet.')).toBeInTheDocument();
    type(/^PIN/, '24x6899');
    expect(screen.getByLabelText(/^PIN/)).toHaveValue('2468');
    type(/^Confirm PIN/, '2469');
    fireEvent.click(screen.getByRole('button', { name: 'Set PIN' }));
    expect(await screen.findByText('The PINs do not match.')).toBeInTheDocument();
    expect(calls.map((c) => c.operationName)).not.toContain('SetCheckInPin');
  });

  it('saves the PIN and then says it is set', async () => {
    const { calls } = renderForm({ SetCheckInPin: { data: { setCheckInPin: true } } });
    await screen.findByText('You have no check-in PIN yet.');
    type(/^PIN/, '2468');
    type(/^Confirm PIN/, '2468');
    fireEvent.click(screen.getByRole('button', { name: 'Set PIN' }));
    expect(await screen.findByTestId('toast')).toHaveTextContent('Check-in PIN saved');
    expect(calls.find((c) => c.operationName === 'SetCheckInPin')?.variables).toEqual({ pin: '2468' });
    expect(await screen.findByText('Your check-in PIN is set. Enter a new one to change it.')).toBeInTheDocument();
  });

  it("shows the server's field message", async () => {
    renderForm({ SetCheckInPin: gqlError('BAD_USER_INPUT', 'Pick a harder PIN.', { pin: 'Too easy to guess.' }) });
    await screen.findByText('You have no check-in PIN yet.');
    type(/^PIN/, '2468');
    type(/^Confirm PIN/, '2468');
    fireEvent.click(screen.getByRole('button', { name: 'Set PIN' }));
    expect(await screen.findByText('Too easy to guess.')).toBeInTheDocument();
  });
});
