import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { CREDENTIAL_OPERATIONS } from '../../app/apollo';
import { fakeSession, gqlError, makeUser, renderApp } from '../../../test/utils';
import { defaultSelection } from './BookingsStep';
import CheckInPage from './CheckInPage';
import { DONE_RESET_MS } from './DoneStep';
import { nextPin, pinProblem } from './PinKeypad';
import { cameraProblem } from './QrScanner';

const kioskClass = {
  __typename: 'ClassInstance',
  id: 'c-open',
  date: '2030-03-04',
  startTime: '18:00',
  endTime: '19:15',
  status: 'scheduled',
  blueprint: {
    __typename: 'ClassBlueprint',
    id: 'bp-1',
    name: 'Silks Intro',
    level: 1,
    apparatus: { __typename: 'Apparatus', id: 'a-1', name: 'Silks' },
  },
  instructor: { __typename: 'PersonSummary', id: 'i-1', name: 'Iris Vale' },
};

function session(bookings: { id: string; name: string; checkedIn?: boolean }[]) {
  return {
    __typename: 'KioskSessionPayload',
    token: 'kiosk-token',
    firstName: 'Paula',
    bookings: bookings.map((b) => ({
      __typename: 'KioskBooking',
      bookingId: b.id,
      attendeeFirstName: b.name,
      className: 'Silks Intro',
      apparatusName: 'Silks',
      startTime: '18:00',
      checkedIn: b.checkedIn ?? false,
    })),
  };
}

const family = session([
  { id: 'b-paula', name: 'Paula' },
  { id: 'b-mia', name: 'Mia' },
  { id: 'b-leo', name: 'Leo', checkedIn: true },
]);

function renderKiosk(handlers: Record<string, unknown> = {}) {
  return renderApp(<CheckInPage />, {
    route: '/check-in',
    session: fakeSession(),
    handlers: { KioskClasses: { data: { kioskClasses: [kioskClass] } }, ...(handlers as object) },
  });
}

async function enterPin(username: string, pin: string) {
  fireEvent.click(screen.getByRole('button', { name: /Check in with PIN/ }));
  fireEvent.change(screen.getByRole('textbox', { name: /Username/ }), { target: { value: username } });
  for (const d of pin) fireEvent.click(screen.getByRole('button', { name: `Digit ${d}` }));
  fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
}

describe('PIN keypad rules', () => {
  it('takes digits only, at most four; Clear and delete work', () => {
    expect(nextPin('', '1')).toBe('1');
    expect(nextPin('123', '4')).toBe('1234');
    expect(nextPin('1234', '5')).toBe('1234');
    expect(nextPin('12', 'x')).toBe('12');
    expect(nextPin('12', 'back')).toBe('1');
    expect(nextPin('12', 'clear')).toBe('');
    expect(pinProblem('')).toBe('Enter your 4-digit PIN.');
    expect(pinProblem('123')).toBe('Enter all 4 digits of your PIN.');
    expect(pinProblem('1234')).toBeNull();
  });

  it('says what the camera problem is', () => {
    expect(cameraProblem({ name: 'NotAllowedError' })).toMatch(/blocked/);
    expect(cameraProblem({ name: 'NotFoundError' })).toMatch(/No camera/);
    expect(cameraProblem(new Error('x'))).toMatch(/could not be started/);
  });

  it('kiosk identification never counts as the app session ending', () => {
    for (const op of ['KioskSignIn', 'KioskSignInWithCode', 'KioskCheckIn']) expect(CREDENTIAL_OPERATIONS.has(op)).toBe(true);
  });
});

describe('the check-in kiosk', () => {
  it('lists the classes open now and no member names before anyone identifies', async () => {
    renderKiosk();
    expect(screen.getByRole('heading', { name: 'Check-In', level: 1 })).toBeInTheDocument();
    const open = await screen.findByTestId('kiosk-class');
    expect(open).toHaveTextContent('Silks Intro');
    expect(open).toHaveTextContent('6:00 PM');
    expect(open).toHaveTextContent('Iris Vale');
    expect(document.body).not.toHaveTextContent(/Paula|Mia|Leo/);
    expect(screen.getByRole('button', { name: /Scan my QR code/ })).toBeInTheDocument();
  });

  it('validates the username and all four digits before asking the server', async () => {
    const { calls } = renderKiosk();
    fireEvent.click(screen.getByRole('button', { name: /Check in with PIN/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('Enter your username.')).toBeInTheDocument();
    expect(screen.getByText('Enter your 4-digit PIN.')).toBeInTheDocument();
    fireEvent.change(screen.getByRole('textbox', { name: /Username/ }), { target: { value: 'paula' } });
    for (const d of '12') fireEvent.click(screen.getByRole('button', { name: `Digit ${d}` }));
    expect(screen.getByTestId('pin-dots')).toHaveAccessibleName('PIN: 2 of 4 digits entered');
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('Enter all 4 digits of your PIN.')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Delete last digit' }));
    expect(screen.getByTestId('pin-dots')).toHaveAccessibleName('PIN: 1 of 4 digits entered');
    expect(calls.map((c) => c.operationName)).not.toContain('KioskSignIn');
  });

  it('a hardware keyboard can type the PIN too, capped at four digits', async () => {
    renderKiosk();
    fireEvent.click(screen.getByRole('button', { name: /Check in with PIN/ }));
    for (const key of ['1', '2', 'a', '3', '4', '5']) fireEvent.keyDown(document.body, { key });
    expect(screen.getByTestId('pin-dots')).toHaveAccessibleName('PIN: 4 of 4 digits entered');
    expect(screen.getByRole('button', { name: 'Digit 7' })).toBeDisabled();
  });

  it('shows the server message for a wrong PIN and clears the PIN', async () => {
    renderKiosk({
      KioskSignIn: gqlError('UNAUTHENTICATED', 'That username and PIN do not match. Members set their PIN on the profile page.'),
    });
    await enterPin('paula', '1357');
    expect(await screen.findByText('That username and PIN do not match. Members set their PIN on the profile page.')).toBeInTheDocument();
    expect(screen.getByTestId('pin-dots')).toHaveAccessibleName('PIN: 0 of 4 digits entered');
  });

  it('after identifying, everyone not yet checked in is chosen; unticking one checks in the rest', async () => {
    const { calls } = renderKiosk({
      KioskSignIn: { data: { kioskSignIn: family } },
      KioskCheckIn: {
        data: {
          kioskCheckIn: session([
            { id: 'b-paula', name: 'Paula', checkedIn: true },
            { id: 'b-mia', name: 'Mia' },
            { id: 'b-leo', name: 'Leo', checkedIn: true },
          ]),
        },
      },
    });
    await enterPin('paula', '1357');
    expect(await screen.findByRole('heading', { name: 'Hi, Paula!' })).toBeInTheDocument();
    expect(calls.find((c) => c.operationName === 'KioskSignIn')?.variables).toEqual({ username: 'paula', pin: '1357' });
    expect(defaultSelection(family)).toEqual(['b-paula', 'b-mia']);
    const group = screen.getByRole('group', { name: 'Bookings to check in' });
    const boxes = within(group).getAllByRole('checkbox');
    expect(boxes.map((b) => (b as HTMLInputElement).checked)).toEqual([true, true, true]);
    expect(boxes[2]).toBeDisabled(); // Leo is already checked in
    expect(screen.getByRole('button', { name: 'Check in (2)' })).toBeEnabled();
    fireEvent.click(boxes[1]);
    fireEvent.click(screen.getByRole('button', { name: 'Check in' }));
    expect(await screen.findByText(/You’re checked in, Paula!/)).toBeInTheDocument();
    expect(calls.find((c) => c.operationName === 'KioskCheckIn')?.variables).toEqual({ token: 'kiosk-token', bookingIds: ['b-paula'] });
  });

  it('rate limiting after wrong PINs is shown as the server words it', async () => {
    renderKiosk({ KioskSignIn: gqlError('RATE_LIMITED', 'Too many attempts. Try again in 15 minutes.') });
    await enterPin('paula', '1357');
    expect(await screen.findByRole('alert')).toHaveTextContent('Too many attempts. Try again in 15 minutes.');
  });

  it('with nobody chosen, the button asks to choose', async () => {
    renderKiosk({ KioskSignIn: { data: { kioskSignIn: session([{ id: 'b-1', name: 'Paula' }]) } } });
    await enterPin('paula', '1357');
    fireEvent.click(await screen.findByRole('checkbox'));
    expect(screen.getByRole('button', { name: 'Choose who is checking in' })).toBeDisabled();
  });

  it('returns to the start (no names left on screen) after the success screen times out', async () => {
    jest.useFakeTimers();
    try {
      renderKiosk({
        KioskSignIn: { data: { kioskSignIn: session([{ id: 'b-1', name: 'Mia' }]) } },
        KioskCheckIn: { data: { kioskCheckIn: session([{ id: 'b-1', name: 'Mia', checkedIn: true }]) } },
      });
      await enterPin('paula', '1357');
      fireEvent.click(await screen.findByRole('button', { name: 'Check in' }));
      expect(await screen.findByText(/You’re checked in, Paula!/)).toBeInTheDocument();
      await act(async () => {
        jest.advanceTimersByTime(DONE_RESET_MS + 100);
      });
      await waitFor(() => expect(screen.getByRole('button', { name: /Check in with PIN/ })).toBeInTheDocument());
      expect(document.body).not.toHaveTextContent(/Paula|Mia/);
    } finally {
      jest.useRealTimers();
    }
  });

  it('Done goes back to the start at once', async () => {
    renderKiosk({
      KioskSignIn: { data: { kioskSignIn: session([{ id: 'b-1', name: 'Mia' }]) } },
      KioskCheckIn: { data: { kioskCheckIn: session([{ id: 'b-1', name: 'Mia', checkedIn: true }]) } },
    });
    await enterPin('paula', '1357');
    fireEvent.click(await screen.findByRole('button', { name: 'Check in' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Done' }));
    expect(screen.getByRole('button', { name: /Scan my QR code/ })).toBeInTheDocument();
  });

  it('without a camera, scanning explains it and offers the PIN', async () => {
    renderKiosk();
    fireEvent.click(screen.getByRole('button', { name: /Scan my QR code/ }));
    expect(await screen.findByText('Camera not available')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Use my PIN instead' }));
    expect(screen.getByRole('heading', { name: 'Check in with your PIN' })).toBeInTheDocument();
  });

  it('works signed in too, and a wrong PIN does not end that session', async () => {
    const onExpired = jest.fn();
    const { apollo, calls } = renderApp(<CheckInPage />, {
      route: '/check-in',
      session: fakeSession({ user: makeUser() }),
      handlers: {
        KioskClasses: { data: { kioskClasses: [] } },
        KioskSignIn: gqlError('UNAUTHENTICATED', 'That username and PIN do not match.'),
      },
    });
    apollo.onUnauthenticated(onExpired);
    localStorage.setItem('token', 'member-token');
    expect(await screen.findByText('No classes are open for check-in right now')).toBeInTheDocument();
    await enterPin('sam', '2468');
    expect(await screen.findByText('That username and PIN do not match.')).toBeInTheDocument();
    expect(calls.find((c) => c.operationName === 'KioskSignIn')?.authorization).toBe('Bearer member-token');
    expect(onExpired).not.toHaveBeenCalled();
  });
});
