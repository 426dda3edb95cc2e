import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { CREDENTIAL_OPERATIONS } from '../../app/apollo';
import { fakeSession, gqlError, makeUser, renderApp, type Answer, type Handler } from '../../../test/utils';
import CheckInPage from './CheckInPage';
import { lookupLetters, typedLetters } from './NameFinder';
import { KIOSK_SCREEN_KEY } from './useKioskScreen';

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

const SCREEN = { kioskScreen: { __typename: 'KioskScreenInfo', setUpBy: 'Avery S.', expiresAt: '2031-05-01T10:00:00.000Z' } };

function entry(bookingId: string, name: string, extra: { checkedIn?: boolean; needsPin?: boolean; hasHealthDetails?: boolean } = {}) {
  return {
    __typename: 'KioskEntry',
    bookingId,
    name,
    className: 'Silks Intro',
    startTime: '18:00',
    checkedIn: extra.checkedIn ?? false,
    needsPin: extra.needsPin ?? false,
    hasHealthDetails: extra.hasHealthDetails ?? false,
  };
}

const family = {
  __typename: 'KioskSessionPayload',
  token: 'kiosk-token',
  firstName: 'Mia',
  bookings: [
    { id: 'b-mia', name: 'Mia' },
    { id: 'b-paula', name: 'Paula' },
  ].map((b) => ({
    __typename: 'KioskBooking',
    bookingId: b.id,
    attendeeFirstName: b.name,
    className: 'Silks Intro',
    apparatusName: 'Silks',
    startTime: '18:00',
    checkedIn: false,
  })),
};

function renderKiosk(handlers: Record<string, Handler | Answer> = {}, opts: { setUp?: boolean; user?: ReturnType<typeof makeUser> } = {}) {
  if (opts.setUp !== false) localStorage.setItem(KIOSK_SCREEN_KEY, 'device-token');
  return renderApp(<CheckInPage />, {
    route: '/check-in',
    session: fakeSession(opts.user ? { user: opts.user } : {}),
    handlers: { KioskClasses: { data: { kioskClasses: [kioskClass] } }, KioskScreen: { data: SCREEN }, ...handlers },
  });
}

function tapLetters(letters: string) {
  for (const letter of letters.toUpperCase()) {
    fireEvent.click(screen.getByRole('button', { name: letter === ' ' ? 'Space' : `Letter ${letter}` }));
  }
}

afterEach(() => localStorage.clear());

describe('name lookup rules', () => {
  it('keeps letters only, one space between words, at most 40', () => {
    expect(typedLetters('Mi4a')).toBe('Mia');
    expect(typedLetters('  mia   r')).toBe('mia r');
    expect(typedLetters("O'Neil-Smith")).toBe("O'Neil-Smith");
    expect(typedLetters('x'.repeat(50))).toHaveLength(40);
    expect(lookupLetters('')).toBeNull();
    expect(lookupLetters(' ')).toBeNull();
    expect(lookupLetters('mia ')).toBe('mia');
  });

  it('a lookup refused because the screen is no longer the kiosk never signs anyone out of the app', () => {
    for (const op of ['KioskFind', 'KioskRoster', 'KioskTapIn']) expect(CREDENTIAL_OPERATIONS.has(op)).toBe(true);
  });
});

describe('finding oneself by name at the kiosk', () => {
  it('is offered only on a screen staff set up; elsewhere a hint points staff to it', async () => {
    renderKiosk({}, { setUp: false });
    expect(await screen.findByTestId('kiosk-class')).toHaveTextContent('Silks Intro');
    expect(screen.queryByRole('button', { name: /Find my name/ })).not.toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Kiosk set-up' })).toHaveTextContent('Staff can set up this screen');
    expect(screen.getByRole('link', { name: 'Staff sign-in' })).toHaveAttribute('href', '/login?next=%2Fcheck-in');
  });

  it('finds a child by the first letters typed on the pad; a tap opens the family, with only the child chosen', async () => {
    const { calls } = renderKiosk({
      KioskFind: ({ variables }) => ({
        data: { kioskFind: variables.letters === 'Mi' ? [entry('b-mia', 'Mia R.'), entry('b-mike', 'Mike T.', { checkedIn: true })] : [] },
      }),
      KioskTapIn: { data: { kioskTapIn: family } },
    });
    fireEvent.click(await screen.findByRole('button', { name: /Find my name/ }));
    expect(screen.getByText('Only people booked into a class open for check-in now are listed.')).toBeInTheDocument();
    tapLetters('mi');
    expect(screen.getByRole('textbox', { name: 'First letters of your name' })).toHaveValue('Mi');
    const list = await screen.findByRole('list', { name: 'Matching names' });
    expect(
      within(list)
        .getAllByTestId('kiosk-name')
        .map((b) => b.textContent),
    ).toEqual(['Mia R.Silks Intro · 6:00 PM', 'Mike T.Silks Intro · 6:00 PMChecked in']);
    expect(screen.getByRole('status')).toHaveTextContent('2 names found');
    expect(calls.find((c) => c.operationName === 'KioskFind')?.variables).toEqual({ deviceToken: 'device-token', letters: 'Mi' });

    fireEvent.click(within(list).getByRole('button', { name: /Mia R\./ }));
    expect(await screen.findByRole('heading', { name: 'Hi, Mia!' })).toBeInTheDocument();
    expect(calls.find((c) => c.operationName === 'KioskTapIn')?.variables).toEqual({ deviceToken: 'device-token', bookingId: 'b-mia' });
    const boxes = within(screen.getByRole('group', { name: 'Bookings to check in' })).getAllByRole('checkbox');
    expect(boxes.map((b) => (b as HTMLInputElement).checked)).toEqual([true, false]);
  });

  it('says when nobody matches, and Clear empties the letters', async () => {
    renderKiosk({ KioskFind: { data: { kioskFind: [] } } });
    fireEvent.click(await screen.findByRole('button', { name: /Find my name/ }));
    fireEvent.change(screen.getByRole('textbox', { name: 'First letters of your name' }), { target: { value: 'zq' } });
    expect(await screen.findByText('No one booked into a class open now matches “zq”.')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Clear the letters' }));
    expect(screen.getByRole('textbox', { name: 'First letters of your name' })).toHaveValue('');
  });

  it("asks for the family's PIN after a tap when they set one, with the server's words for a wrong one", async () => {
    let attempts = 0;
    const { calls } = renderKiosk({
      KioskFind: { data: { kioskFind: [entry('b-mia', 'Mia R.', { needsPin: true })] } },
      KioskTapIn: () => {
        attempts += 1;
        return attempts === 1
          ? gqlError('UNAUTHENTICATED', 'That PIN is not right. Try again, or ask at the front desk.')
          : { data: { kioskTapIn: family } };
      },
    });
    fireEvent.click(await screen.findByRole('button', { name: /Find my name/ }));
    tapLetters('mia');
    fireEvent.click(await screen.findByRole('button', { name: /Mia R\./ }));
    expect(screen.getByRole('heading', { name: 'Hi, Mia R.' })).toBeInTheDocument();
    expect(calls.map((c) => c.operationName)).not.toContain('KioskTapIn');
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('Enter your 4-digit PIN.')).toBeInTheDocument();
    for (const d of '1357') fireEvent.click(screen.getByRole('button', { name: `Digit ${d}` }));
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('That PIN is not right. Try again, or ask at the front desk.')).toBeInTheDocument();
    expect(screen.getByTestId('pin-dots')).toHaveAccessibleName('PIN: 0 of 4 digits entered');
    for (const d of '2580') fireEvent.click(screen.getByRole('button', { name: `Digit ${d}` }));
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByRole('heading', { name: 'Hi, Mia!' })).toBeInTheDocument();
    expect(calls.filter((c) => c.operationName === 'KioskTapIn').map((c) => c.variables.pin)).toEqual(['1357', '2580']);
  });

  it('opens the roster of a class open now; names there tap in the same way', async () => {
    const { calls } = renderKiosk({
      KioskRoster: { data: { kioskRoster: [entry('b-mia', 'Mia R.'), entry('b-paula', 'Paula R.')] } },
      KioskTapIn: { data: { kioskTapIn: { ...family, firstName: 'Paula' } } },
    });
    expect(await screen.findByText('Tap your class, then your name.')).toBeInTheDocument();
    fireEvent.click(within(screen.getByTestId('kiosk-class')).getByRole('button'));
    expect(screen.getByRole('heading', { name: 'Silks Intro · 6:00 PM' })).toBeInTheDocument();
    const roster = await screen.findByRole('list', { name: 'Booked into this class' });
    expect(calls.find((c) => c.operationName === 'KioskRoster')?.variables).toEqual({
      deviceToken: 'device-token',
      classInstanceId: 'c-open',
    });
    fireEvent.click(within(roster).getByRole('button', { name: /Paula R\./ }));
    expect(await screen.findByRole('heading', { name: 'Hi, Paula!' })).toBeInTheDocument();
  });

  it('marks a name with health details discreetly, never showing them', async () => {
    renderKiosk({
      KioskRoster: { data: { kioskRoster: [entry('b-mia', 'Mia R.', { hasHealthDetails: true }), entry('b-paula', 'Paula R.')] } },
    });
    fireEvent.click(within(await screen.findByTestId('kiosk-class')).getByRole('button'));
    const roster = await screen.findByRole('list', { name: 'Booked into this class' });
    const mia = within(roster).getByRole('button', { name: /Mia R\./ });
    expect(within(mia).getByTitle('Health details on file')).toBeInTheDocument();
    expect(within(within(roster).getByRole('button', { name: /Paula R\./ })).queryByTitle('Health details on file')).toBeNull();
  });

  it('goes back to the start, forgetting the set-up, when the server no longer takes this screen as the kiosk', async () => {
    renderKiosk({
      KioskFind: gqlError(
        'UNAUTHENTICATED',
        'This screen is no longer set up as the check-in kiosk. Ask a staff member to set it up again.',
      ),
    });
    fireEvent.click(await screen.findByRole('button', { name: /Find my name/ }));
    tapLetters('m');
    expect(await screen.findByText(/no longer set up as the check-in kiosk/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Find my name/ })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Check in with PIN/ })).toBeInTheDocument();
    expect(localStorage.getItem(KIOSK_SCREEN_KEY)).toBeNull();
  });

  it('forgets a set-up the server no longer accepts when the kiosk opens', async () => {
    renderKiosk({ KioskScreen: { data: { kioskScreen: null } } });
    await waitFor(() => expect(localStorage.getItem(KIOSK_SCREEN_KEY)).toBeNull());
    expect(screen.queryByRole('button', { name: /Find my name/ })).not.toBeInTheDocument();
  });
});

describe('setting the screen up', () => {
  const admin = makeUser({ role: 'admin', firstName: 'Avery', lastName: 'Stone' });

  it('lets signed-in staff set this screen up, and stop', async () => {
    const { calls } = renderKiosk(
      {
        SetUpKioskScreen: {
          data: {
            setUpKioskScreen: {
              __typename: 'KioskScreenSetup',
              deviceToken: 'new-device-token',
              setUpBy: 'Avery S.',
              expiresAt: '2031-05-01T10:00:00.000Z',
            },
          },
        },
      },
      { setUp: false, user: admin },
    );
    const setup = await screen.findByRole('region', { name: 'Kiosk set-up' });
    fireEvent.click(within(setup).getByRole('button', { name: 'Set up this screen as the kiosk' }));
    expect(await within(setup).findByText(/set up by Avery S\. until May 1, 2031/)).toBeInTheDocument();
    expect(localStorage.getItem(KIOSK_SCREEN_KEY)).toBe('new-device-token');
    expect(calls.find((c) => c.operationName === 'KioskScreen')?.variables).toEqual({ deviceToken: 'new-device-token' });
    expect(screen.getByRole('button', { name: /Find my name/ })).toBeInTheDocument();

    fireEvent.click(within(setup).getByRole('button', { name: 'Stop using this screen as the kiosk' }));
    expect(localStorage.getItem(KIOSK_SCREEN_KEY)).toBeNull();
    expect(screen.queryByRole('button', { name: /Find my name/ })).not.toBeInTheDocument();
  });

  it('shows members nothing about the set-up once the screen is set up', async () => {
    renderKiosk({}, { user: makeUser() });
    expect(await screen.findByRole('button', { name: /Find my name/ })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Kiosk set-up' })).not.toBeInTheDocument();
  });
});
