import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { z } from 'zod';
import { errorMessage } from '../../app/errors';
import { useZodForm } from '../../app/forms';
import type { KioskEntryFragment } from './checkin.generated';
import type { TapHandlers } from './NameFinder';
import { FormPinField, typedPin } from './PinKeypad';
import { useKioskTapIn } from './useKioskTapIn';

const tapPinForm = z.object({ pin: typedPin });

/** A family that set a check-in PIN gives it after tapping a name (wrong PINs count towards the kiosk lock). */
export function TapPinStep({ entry, handlers }: { entry: KioskEntryFragment; handlers: TapHandlers }) {
  const { control, handleSubmit, setValue, setError } = useZodForm(tapPinForm, { defaultValues: { pin: '' } });
  const [tapIn, { loading }] = useKioskTapIn();

  const submit = handleSubmit(async ({ pin }) => {
    try {
      const { data } = await tapIn({ variables: { deviceToken: handlers.deviceToken, bookingId: entry.bookingId, pin } });
      if (data) handlers.onIdentified(data.kioskTapIn, entry);
    } catch (err) {
      setValue('pin', '');
      setError('pin', { type: 'server', message: errorMessage(err, 'That did not work. Please try again or ask at the front desk.') });
    }
  });

  return (
    <Box component="form" noValidate onSubmit={submit} sx={{ display: 'grid', gap: 3, maxWidth: 460, mx: 'auto' }}>
      <FormPinField control={control} id="tap-pin" label="Your family’s 4-digit check-in PIN" disabled={loading} />
      <Button type="submit" variant="contained" size="large" disabled={loading} sx={{ minHeight: 64, fontSize: 20, borderRadius: '18px' }}>
        {loading ? 'Checking…' : 'Continue'}
      </Button>
    </Box>
  );
}
