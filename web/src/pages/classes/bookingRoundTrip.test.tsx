import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { cartAnswer, makeCartItem, makeClass } from '../../../test/classFixtures';
import { fakeSession, makeUser, renderApp } from '../../../test/utils';
import { CartPopover } from '../../components/CartPopover';
import ClassesPage from './ClassesPage';

// The whole page (schedule, my places, the dialog) renders here: slow under a loaded CI machine.
jest.setTimeout(20_000);

const member = makeUser({ id: 'u-sam', firstName: 'Sam', lastName: 'Okafor' });

/**
 * A booking from /classes costs one request: the BookClass answer carries the booking, its class and the cart, and
 * the hook writes them where "My bookings", the class and the cart button read them (nothing is asked again).
 */
it('a booking from /classes is one request, and every list on the page shows it', async () => {
  const c = makeClass({ id: 'c-lyra', name: 'Lyra Level 1', priceCents: 2600, spotsLeft: 4 });
  const item = makeCartItem({ id: 'b-new', classInstanceId: c.id, name: 'Lyra Level 1', priceCents: 2600 });
  const held = { ...item, booking: { ...item.booking, attendee: { __typename: 'User', id: member.id, firstName: 'Sam' } } };
  const { calls } = renderApp(
    <>
      <CartPopover signedIn />
      <ClassesPage />
    </>,
    {
      route: `/classes?class=${c.id}`,
      session: fakeSession({ user: member }),
      handlers: {
        Cart: cartAnswer([]),
        MyBookings: { data: { myBookings: [] } },
        MyWaitlist: { data: { myWaitlist: [] } },
        ClassSchedule: { data: { classSchedule: [] } },
        ScheduleFilters: { data: { apparatuses: [], instructors: [] } },
        ClassDetails: { data: { classInstance: c } },
        BookingCovers: {
          data: {
            bookingCovers: [{ __typename: 'BookingCover', attendeeId: member.id, paidWith: null, classesLeft: null, priceCents: 2600 }],
          },
        },
        BookClass: {
          data: {
            bookClass: {
              __typename: 'BookClassPayload',
              booking: {
                __typename: 'Booking',
                id: 'b-new',
                status: 'held',
                source: 'member',
                paymentStatus: 'unpaid',
                coveredBy: null,
                priceCents: 2600,
                holdExpiresAt: held.booking.holdExpiresAt,
                lateCancel: false,
                attendee: { __typename: 'User', id: member.id, firstName: 'Sam', lastName: 'Okafor' },
                rigPoint: null,
                classInstance: {
                  ...c,
                  spotsLeft: 3,
                  myBookings: [
                    {
                      __typename: 'Booking',
                      id: 'b-new',
                      status: 'held',
                      source: 'member',
                      paymentStatus: 'unpaid',
                      coveredBy: null,
                      holdExpiresAt: held.booking.holdExpiresAt,
                      attendee: { __typename: 'User', id: member.id, firstName: 'Sam' },
                    },
                  ],
                },
              },
              cart: cartAnswer([held]).data.cart,
            },
          },
        },
      },
    },
  );
  const dialog = await screen.findByRole('dialog');
  // Behind the open dialog: nothing booked yet, an empty cart.
  expect(await screen.findByText('No upcoming classes booked')).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Cart', hidden: true })).toBeInTheDocument();
  const before = calls.length;

  await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Book · $26.00' })));
  expect(await screen.findByTestId('toast')).toHaveTextContent('Spot held in your cart');

  // The dialog closes; My bookings lists the class and the cart button counts it: all from the one answer.
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  const mine = screen.getByRole('region', { name: 'My bookings' });
  await waitFor(() => expect(within(mine).getByText('Lyra Level 1')).toBeInTheDocument());
  expect(within(mine).getByText('In your cart')).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Cart, 1 item' })).toBeInTheDocument();
  await act(async () => new Promise((r) => setTimeout(r, 50)));
  expect(calls.slice(before).map((op) => op.operationName)).toEqual(['BookClass']);
});

it('the dialog opens saying what pays for the member, asked for the class opened', async () => {
  const c = makeClass({ id: 'c-silks', name: 'Silks Level 2', priceCents: 2800, spotsLeft: 4 });
  const { calls } = renderApp(<ClassesPage />, {
    route: `/classes?class=${c.id}`,
    session: fakeSession({ user: member }),
    handlers: {
      MyBookings: { data: { myBookings: [] } },
      MyWaitlist: { data: { myWaitlist: [] } },
      ClassSchedule: { data: { classSchedule: [] } },
      ScheduleFilters: { data: { apparatuses: [], instructors: [] } },
      ClassDetails: { data: { classInstance: c } },
      BookingCovers: {
        data: {
          bookingCovers: [{ __typename: 'BookingCover', attendeeId: member.id, paidWith: 'Eight a month', classesLeft: 7, priceCents: 0 }],
        },
      },
    },
  });
  const dialog = await screen.findByRole('dialog');
  expect(within(dialog).getByRole('button', { name: 'Book with Eight a month (7 left)' })).toBeInTheDocument();
  expect(calls.find((op) => op.operationName === 'BookingCovers')?.variables).toEqual({ classInstanceId: c.id });
});
