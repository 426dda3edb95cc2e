import { screen, within } from '@testing-library/react';
import { isoInDays, makeClass, makeInstructor } from '../../../test/classFixtures';
import { fakeSession, makeUser, renderApp } from '../../../test/utils';
import { cancellationPolicy, cancelsLate, lateCancelConsequence, LATE_CANCEL_CONSEQUENCE } from './cancellationPolicy';
import { ClassDetailsDialog } from './ClassDetailsDialog';

describe('the cancellation policy', () => {
  const until = '2030-03-04T06:00:00Z';
  it('is free until the cutoff, late after it; held spots are never late', () => {
    expect(cancellationPolicy(until, Date.parse('2030-03-04T05:59:00Z'))).toEqual({
      late: false,
      text: expect.stringMatching(/^Free cancellation until \w{3}, Mar \d, \d+:00 [AP]M; later counts as a late cancellation\.$/),
    });
    expect(cancellationPolicy(until, Date.parse('2030-03-04T06:00:00Z')).late).toBe(true);
    expect(cancelsLate({ status: 'confirmed' }, until, Date.parse('2030-03-04T07:00:00Z'))).toBe(true);
    expect(cancelsLate({ status: 'held' }, until, Date.parse('2030-03-04T07:00:00Z'))).toBe(false);
    expect(cancelsLate({ status: 'confirmed' }, until, Date.parse('2030-03-04T05:00:00Z'))).toBe(false);
  });
});

describe('the fees a late cancellation and a no-show cost', () => {
  it('are named when the studio charges them, and not for complimentary memberships', () => {
    expect(lateCancelConsequence({ lateCancelFeeCents: 0, noShowFeeCents: 0 })).toBe(LATE_CANCEL_CONSEQUENCE);
    expect(lateCancelConsequence(null)).toBe(LATE_CANCEL_CONSEQUENCE);
    expect(lateCancelConsequence({ lateCancelFeeCents: 1000, noShowFeeCents: 1500 })).toBe(
      'A late cancellation is charged a $10.00 fee, added to your account as an invoice you can pay from your profile. Not coming without cancelling (a no-show) is charged $15.00.',
    );
    expect(lateCancelConsequence({ lateCancelFeeCents: 0, noShowFeeCents: 1500 })).toBe(
      'It is recorded as a late cancellation on the attendance record; no fee is charged for it. Not coming without cancelling (a no-show) is charged $15.00, added to your account as an invoice.',
    );
    expect(lateCancelConsequence({ lateCancelFeeCents: 1000, noShowFeeCents: 1500 }, true)).toBe(LATE_CANCEL_CONSEQUENCE);
  });

  it('show in the class’s policy before booking', () => {
    const c = makeClass({ startsAt: isoInDays(3), lateCancelFeeCents: 1250, noShowFeeCents: 2000 });
    renderApp(<ClassDetailsDialog c={c} open onClose={() => undefined} />);
    expect(screen.getByTestId('cancellation-policy')).toHaveTextContent(
      /later counts as a late cancellation\.A late cancellation is charged a \$12\.50 fee, .+\(a no-show\) is charged \$20\.00\.$/,
    );
  });
});

it('shows the policy before booking, the instructor’s profile, and add-to-calendar for the family’s confirmed places', () => {
  const c = {
    ...makeClass({
      startsAt: isoInDays(3),
      myBookings: [
        { id: 'b-mia', status: 'confirmed', attendeeId: 'u-mia', firstName: 'Mia' },
        { id: 'b-leo', status: 'held', attendeeId: 'u-leo', firstName: 'Leo' },
      ],
    }),
    instructor: makeInstructor({
      id: 'ins-iris',
      name: 'Iris Vale',
      bio: 'Eight years on silks.',
      photoUrl: '/api/instructors/ins-iris/photo?v=1',
      apparatuses: [{ id: 'app-silks', name: 'Silks' }],
    }),
  };
  renderApp(<ClassDetailsDialog c={c} open onClose={() => undefined} />, {
    session: fakeSession({ user: makeUser({ role: 'parent' }) }),
  });
  const dialog = screen.getByRole('dialog', { name: 'Silks Intro' });
  expect(within(dialog).getByTestId('cancellation-policy')).toHaveTextContent(
    /^Free cancellation until .+; later counts as a late cancellation\.It is recorded as a late cancellation on the attendance record; no fee is charged\.$/,
  );
  const about = within(dialog).getByRole('region', { name: 'About Iris Vale' });
  expect(about).toHaveTextContent('Eight years on silks.');
  expect(about.querySelector('img')).toHaveAttribute('src', '/api/instructors/ins-iris/photo?v=1');
  const places = within(dialog).getByRole('list', { name: 'Your bookings in this class' });
  expect(within(places).getAllByRole('listitem')).toHaveLength(1);
  expect(within(places).getByRole('button', { name: /^Add to calendar: Mia’s Silks Intro on / })).toBeInTheDocument();
});

it('says nothing about cancelling a class that has started or was cancelled', () => {
  const started = makeClass({ startsAt: isoInDays(-0.01) });
  const { rerender } = renderApp(<ClassDetailsDialog c={started} open onClose={() => undefined} />);
  expect(screen.queryByTestId('cancellation-policy')).not.toBeInTheDocument();
  rerender(<ClassDetailsDialog c={makeClass({ status: 'cancelled' })} open onClose={() => undefined} />);
  expect(screen.queryByTestId('cancellation-policy')).not.toBeInTheDocument();
});
