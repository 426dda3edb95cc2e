import { fireEvent, screen, waitFor } from '@testing-library/react';
import { renderApp } from '../../../../test/utils';
import { BookingRulesTab } from './BookingRulesTab';

const settings = {
  __typename: 'StudioSettings',
  bookingWindowDays: 30,
  cancellationCutoffHours: 12,
  holdMinutes: 15,
  waitlistOfferHours: 12,
  lateCancelFeeCents: 0,
  noShowFeeCents: 0,
};

describe('the booking rules’ fees', () => {
  it('show in dollars (0 for none) and are saved as cents', async () => {
    const { calls } = renderApp(<BookingRulesTab />, {
      handlers: {
        BookingRules: { data: { studioSettings: settings } },
        UpdateBookingRules: (op) => ({
          data: { updateStudioSettings: { ...settings, ...(op.variables.input as object) } },
        }),
      },
    });
    const late = await screen.findByRole('textbox', { name: 'Late cancellation fee' });
    const noShow = screen.getByRole('textbox', { name: 'No-show fee' });
    expect(late).toHaveValue('0.00');
    expect(noShow).toHaveValue('0.00');
    fireEvent.change(late, { target: { value: '12.50' } });
    fireEvent.change(noShow, { target: { value: '$20' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save rules' }));
    await waitFor(() => expect(calls.some((op) => op.operationName === 'UpdateBookingRules')).toBe(true));
    expect(calls.find((op) => op.operationName === 'UpdateBookingRules')?.variables.input).toEqual({
      bookingWindowDays: 30,
      cancellationCutoffHours: 12,
      holdMinutes: 15,
      waitlistOfferHours: 12,
      lateCancelFeeCents: 1250,
      noShowFeeCents: 2000,
    });
    expect(await screen.findByRole('textbox', { name: 'Late cancellation fee' })).toHaveValue('12.50');
  });

  it('refuse amounts the API refuses, before asking it', async () => {
    const { calls } = renderApp(<BookingRulesTab />, { handlers: { BookingRules: { data: { studioSettings: settings } } } });
    fireEvent.change(await screen.findByRole('textbox', { name: 'Late cancellation fee' }), { target: { value: '12.345' } });
    fireEvent.change(screen.getByRole('textbox', { name: 'No-show fee' }), { target: { value: '501' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save rules' }));
    expect(await screen.findByText('Enter an amount like 10 or 12.50 (0 for no fee).')).toBeInTheDocument();
    expect(screen.getByText('At most $500.')).toBeInTheDocument();
    expect(calls.some((op) => op.operationName === 'UpdateBookingRules')).toBe(false);
  });
});
