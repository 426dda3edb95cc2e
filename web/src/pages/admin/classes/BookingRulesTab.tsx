import { useQuery } from '@apollo/client/react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import InputAdornment from '@mui/material/InputAdornment';
import Skeleton from '@mui/material/Skeleton';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useState, type FormEvent } from 'react';
import { errorMessage, fieldErrorsOf } from '../../../app/errors';
import { useToast } from '../../../app/toast';
import { BookingRulesDocument, type BookingRulesQuery } from './classAdmin.generated';
import { rangeProblem } from './classAdminShared';
import { useUpdateBookingRules } from './useUpdateBookingRules';

type Settings = BookingRulesQuery['studioSettings'];
type RuleKey = keyof Omit<Settings, '__typename'>;

/** Each rule with the API's limits and what it means for members. */
export const BOOKING_RULES: { key: RuleKey; label: string; unit: string; min: number; max: number; help: string }[] = [
  {
    key: 'bookingWindowDays',
    label: 'Booking opens',
    unit: 'days before class',
    min: 1,
    max: 365,
    help: 'How far ahead members can book.',
  },
  {
    key: 'cancellationCutoffHours',
    label: 'Cancellation cutoff',
    unit: 'hours before class',
    min: 0,
    max: 168,
    help: 'Later cancellations are recorded as late.',
  },
  { key: 'holdMinutes', label: 'Cart hold', unit: 'minutes', min: 5, max: 120, help: 'How long a booked, unpaid spot waits in the cart.' },
  {
    key: 'waitlistOfferHours',
    label: 'Waitlist offer',
    unit: 'hours',
    min: 1,
    max: 72,
    help: 'How long a freed spot is held for the next person in line (never later than 2 hours before class).',
  },
];

type Values = Record<RuleKey, string>;

function valuesOf(s: Settings): Values {
  return {
    bookingWindowDays: String(s.bookingWindowDays),
    cancellationCutoffHours: String(s.cancellationCutoffHours),
    holdMinutes: String(s.holdMinutes),
    waitlistOfferHours: String(s.waitlistOfferHours),
  };
}

export function BookingRulesTab() {
  const { toast } = useToast();
  const { data, loading, error } = useQuery(BookingRulesDocument);
  const [values, setValues] = useState<Values | null>(null);
  const [errors, setErrors] = useState<Partial<Record<RuleKey, string>>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [save, { loading: saving }] = useUpdateBookingRules();
  const settings = data?.studioSettings;
  useEffect(() => {
    if (settings && !values) setValues(valuesOf(settings));
  }, [settings, values]);

  if (error) return <Alert severity="error">{errorMessage(error, 'The booking rules could not be loaded.')}</Alert>;
  if (loading || !values || !settings) return <Skeleton variant="rounded" height={320} />;

  const saved = valuesOf(settings);
  const dirty = BOOKING_RULES.some((r) => values[r.key].trim() !== saved[r.key]);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setFormError(null);
    const problems: Partial<Record<RuleKey, string>> = {};
    for (const r of BOOKING_RULES) {
      const p = rangeProblem(values[r.key], r.min, r.max);
      if (p) problems[r.key] = p;
    }
    setErrors(problems);
    if (Object.keys(problems).length) return;
    try {
      await save({ variables: { input: Object.fromEntries(BOOKING_RULES.map((r) => [r.key, Number(values[r.key])])) } });
      setValues(null);
      toast({ title: 'Booking rules saved', description: 'They apply to every booking from now on.', variant: 'success' });
    } catch (err) {
      const fields = fieldErrorsOf(err);
      setErrors(fields);
      setFormError(Object.keys(fields).length ? null : errorMessage(err));
    }
  };

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
          <TextField
            key={r.key}
            label={r.label}
            name={r.key}
            type="number"
            value={values[r.key]}
            onChange={(e) => {
              setValues((v) => (v ? { ...v, [r.key]: e.target.value } : v));
              setErrors((er) => ({ ...er, [r.key]: undefined }));
            }}
            error={Boolean(errors[r.key])}
            helperText={errors[r.key] ?? `${r.help} ${r.min}–${r.max}.`}
            slotProps={{
              input: { endAdornment: <InputAdornment position="end">{r.unit}</InputAdornment> },
              htmlInput: { min: r.min, max: r.max },
            }}
          />
        ))}
      </Box>
      <Box sx={{ display: 'flex', justifyContent: 'flex-end', gap: 1, mt: 3 }}>
        <Button disabled={!dirty || saving} onClick={() => (setValues(saved), setErrors({}))}>
          Discard
        </Button>
        <Button type="submit" variant="contained" disabled={!dirty || saving}>
          {saving ? 'Saving…' : 'Save rules'}
        </Button>
      </Box>
    </Card>
  );
}
