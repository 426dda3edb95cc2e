import { useQuery } from '@apollo/client/react';
import {
  bookingWindowDays,
  cancellationCutoffHours,
  dollarText,
  holdMinutes,
  parseDollars,
  penaltyFeeCents,
  waitlistOfferHours,
  wholeNumberText,
} from '@studio/rules';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import InputAdornment from '@mui/material/InputAdornment';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { z } from 'zod';
import { errorMessage } from '../../../app/errors';
import { FormMoneyField, FormTextField, useSubmitRefusal, useZodForm } from '../../../app/forms';
import { useToast } from '../../../app/toast';
import { BookingRulesDocument, type BookingRulesQuery } from './classAdmin.generated';
import { useUpdateBookingRules } from './useUpdateBookingRules';

type Settings = BookingRulesQuery['studioSettings'];
type FeeKey = 'lateCancelFeeCents' | 'noShowFeeCents';
type RuleKey = Exclude<keyof Omit<Settings, '__typename'>, FeeKey>;

interface BookingRule {
  key: RuleKey;
  label: string;
  unit: string;
  min: number;
  max: number;
  help: string;
}

/** A rule with the API's limits, read from the shared rule. */
const rule = (key: RuleKey, limits: z.ZodNumber, label: string, unit: string, help: string): BookingRule => ({
  key,
  label,
  unit,
  min: limits.minValue ?? 0,
  max: limits.maxValue ?? 0,
  help,
});

/** Each rule with the API's limits and what it means for members. */
export const BOOKING_RULES: BookingRule[] = [
  rule('bookingWindowDays', bookingWindowDays, 'Booking opens', 'days before class', 'How far ahead members can book.'),
  rule(
    'cancellationCutoffHours',
    cancellationCutoffHours,
    'Cancellation cutoff',
    'hours before class',
    'Later cancellations are recorded as late.',
  ),
  rule('holdMinutes', holdMinutes, 'Cart hold', 'minutes', 'How long a booked, unpaid spot waits in the cart.'),
  rule(
    'waitlistOfferHours',
    waitlistOfferHours,
    'Waitlist offer',
    'hours',
    'How long a freed spot is held for the next person in line (never later than 2 hours before class).',
  ),
];

/** The fees for a late cancellation and a no-show, typed in dollars (0: none). */
export const FEE_RULES: { key: FeeKey; label: string; help: string }[] = [
  {
    key: 'lateCancelFeeCents',
    label: 'Late cancellation fee',
    help: 'Added to the member’s account as an invoice when they cancel after the cutoff. 0 for none.',
  },
  { key: 'noShowFeeCents', label: 'No-show fee', help: 'Added as an invoice when a booked member does not check in. 0 for none.' },
];

/** A fee typed in dollars, checked as the cents the API takes. */
const feeText = z.string().transform((text, ctx) => {
  const cents = parseDollars(text);
  const problem =
    cents === null ? 'Enter an amount like 10 or 12.50 (0 for no fee).' : penaltyFeeCents.safeParse(cents).error?.issues[0].message;
  if (problem) ctx.addIssue({ code: 'custom', message: problem });
  return cents ?? 0;
});

const bookingRulesForm = z.object({
  bookingWindowDays: wholeNumberText(bookingWindowDays),
  cancellationCutoffHours: wholeNumberText(cancellationCutoffHours),
  holdMinutes: wholeNumberText(holdMinutes),
  waitlistOfferHours: wholeNumberText(waitlistOfferHours),
  lateCancelFeeCents: feeText,
  noShowFeeCents: feeText,
});

type Values = Record<RuleKey | FeeKey, string>;

function valuesOf(s: Settings): Values {
  return {
    bookingWindowDays: String(s.bookingWindowDays),
    cancellationCutoffHours: String(s.cancellationCutoffHours),
    holdMinutes: String(s.holdMinutes),
    waitlistOfferHours: String(s.waitlistOfferHours),
    lateCancelFeeCents: dollarText(s.lateCancelFeeCents),
    noShowFeeCents: dollarText(s.noShowFeeCents),
  };
}

export function BookingRulesTab() {
  const { data, loading, error } = useQuery(BookingRulesDocument);
  // Each save starts the form again from the saved rules.
  const [edition, setEdition] = useState(0);
  const settings = data?.studioSettings;
  if (error) return <Alert severity="error">{errorMessage(error, 'The booking rules could not be loaded.')}</Alert>;
  if (loading || !settings) return <Skeleton variant="rounded" height={320} />;
  return <BookingRulesForm key={edition} settings={settings} onSaved={() => setEdition((n) => n + 1)} />;
}

function BookingRulesForm({ settings, onSaved }: { settings: Settings; onSaved: () => void }) {
  const { toast } = useToast();
  const saved = valuesOf(settings);
  const { control, handleSubmit, setError, reset, watch } = useZodForm(bookingRulesForm, { defaultValues: saved });
  const { formError, attempt } = useSubmitRefusal(setError);
  const [save, { loading: saving }] = useUpdateBookingRules();
  const values = watch();
  const dirty = [...BOOKING_RULES, ...FEE_RULES].some((r) => values[r.key].trim() !== saved[r.key]);
  const submit = handleSubmit(async (input) => {
    await attempt(async () => {
      await save({ variables: { input } });
      onSaved();
      toast({ title: 'Booking rules saved', description: 'They apply to every booking from now on.', variant: 'success' });
    });
  });

  return (
    <Card component="form" noValidate aria-labelledby="rules-title" onSubmit={submit} sx={{ p: { xs: 2, sm: 3 }, maxWidth: 760 }}>
      <Typography id="rules-title" component="h2" variant="h6">
        Booking rules
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 3 }}>
        Studio-wide rules for booking, cancelling and the waitlist.
      </Typography>
      {formError && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {formError}
        </Alert>
      )}
      <Box sx={{ display: 'grid', gap: 2.5, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
        {BOOKING_RULES.map((r) => (
          <FormTextField
            key={r.key}
            control={control}
            name={r.key}
            label={r.label}
            type="number"
            helperText={`${r.help} ${r.min}–${r.max}.`}
            slotProps={{
              input: { endAdornment: <InputAdornment position="end">{r.unit}</InputAdornment> },
              htmlInput: { min: r.min, max: r.max },
            }}
          />
        ))}
      </Box>
      <Typography component="h3" variant="subtitle1" sx={{ mt: 3, mb: 0.5, fontWeight: 'fontWeightBold' }}>
        Fees
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        Shown with the cancellation policy before booking and on each booking. Never charged for early cancellations, cancelled classes,
        cancellations by staff or complimentary memberships.
      </Typography>
      <Box sx={{ display: 'grid', gap: 2.5, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
        {FEE_RULES.map((r) => (
          <FormMoneyField key={r.key} control={control} name={r.key} label={r.label} helperText={r.help} />
        ))}
      </Box>
      <Box sx={{ display: 'flex', justifyContent: 'flex-end', gap: 1, mt: 3 }}>
        <Button disabled={!dirty || saving} onClick={() => reset(saved)}>
          Discard
        </Button>
        <Button type="submit" variant="contained" disabled={!dirty || saving}>
          {saving ? 'Saving…' : 'Save rules'}
        </Button>
      </Box>
    </Card>
  );
}
