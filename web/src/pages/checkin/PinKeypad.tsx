import { kioskPin, PIN_LENGTH } from '@studio/rules';
import BackspaceOutlined from '@mui/icons-material/BackspaceOutlined';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import ButtonBase from '@mui/material/ButtonBase';
import { alpha } from '@mui/material/styles';
import { useEffect } from 'react';
import { useController, type Control, type FieldPath, type FieldValues } from 'react-hook-form';
import { z } from 'zod';

export { PIN_LENGTH };

/** Keeps only digits, at most four. */
export function nextPin(current: string, key: string): string {
  if (key === 'clear') return '';
  if (key === 'back') return current.slice(0, -1);
  if (!/^\d$/.test(key) || current.length >= PIN_LENGTH) return current;
  return current + key;
}

/** The PIN as typed on the keypad: the kiosk's shared rule, with a nudge while digits are missing. */
export const typedPin = z
  .string()
  .min(1, 'Enter your 4-digit PIN.')
  .length(PIN_LENGTH, `Enter all ${PIN_LENGTH} digits of your PIN.`)
  .pipe(kioskPin);

/** The client-side check before asking the server (the server says the same and rate-limits). */
export function pinProblem(pin: string): string | null {
  return typedPin.safeParse(pin).error?.issues[0].message ?? null;
}

const KEYS = ['1', '2', '3', '4', '5', '6', '7', '8', '9', 'clear', '0', 'back'] as const;

interface PinKeypadProps {
  value: string;
  onChange: (pin: string) => void;
  disabled?: boolean;
  /** Digits typed on a hardware keyboard also count, unless focus is in a text field. */
  captureKeyboard?: boolean;
  describedBy?: string;
}

/** Four dots and a large numeric keypad (touch first; works with a keyboard too). */
export function PinKeypad({ value, onChange, disabled = false, captureKeyboard = true, describedBy }: PinKeypadProps) {
  useEffect(() => {
    if (!captureKeyboard || disabled) return;
    const onKey = (e: KeyboardEvent) => {
      const target = e.target as HTMLElement | null;
      if (target && (target.tagName === 'INPUT' || target.tagName === 'TEXTAREA')) return;
      if (/^\d$/.test(e.key)) onChange(nextPin(value, e.key));
      else if (e.key === 'Backspace') onChange(nextPin(value, 'back'));
      else return;
      e.preventDefault();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [captureKeyboard, disabled, value, onChange]);

  return (
    <Box>
      <Box
        role="status"
        aria-label={`PIN: ${value.length} of ${PIN_LENGTH} digits entered`}
        aria-describedby={describedBy}
        data-testid="pin-dots"
        sx={{ display: 'flex', justifyContent: 'center', gap: 2, mb: 3 }}
      >
        {Array.from({ length: PIN_LENGTH }, (_, i) => (
          <Box
            key={i}
            sx={{
              width: 22,
              height: 22,
              borderRadius: '50%',
              border: 2,
              borderColor: i < value.length ? 'primary.main' : 'divider',
              bgcolor: i < value.length ? 'primary.main' : 'transparent',
              transition: 'background-color 120ms ease, border-color 120ms ease',
            }}
          />
        ))}
      </Box>
      <Box
        role="group"
        aria-label="PIN keypad"
        sx={{ display: 'grid', gridTemplateColumns: 'repeat(3, 1fr)', gap: { xs: 1.25, sm: 1.75 }, maxWidth: 380, mx: 'auto' }}
      >
        {KEYS.map((key) => {
          const label = key === 'clear' ? 'Clear' : key === 'back' ? <BackspaceOutlined /> : key;
          const aria = key === 'clear' ? 'Clear PIN' : key === 'back' ? 'Delete last digit' : `Digit ${key}`;
          const isDigit = key !== 'clear' && key !== 'back';
          return (
            <ButtonBase
              key={key}
              aria-label={aria}
              disabled={disabled || (isDigit && value.length >= PIN_LENGTH) || (!isDigit && value.length === 0)}
              onClick={() => onChange(nextPin(value, key))}
              sx={{
                height: { xs: 64, sm: 76 },
                fontFamily: 'inherit',
                borderRadius: '18px',
                fontSize: isDigit ? { xs: 28, sm: 32 } : 17,
                fontWeight: isDigit ? 'fontWeightBold' : 'fontWeightSemiBold',
                color: isDigit ? 'text.primary' : 'text.secondary',
                bgcolor: isDigit ? 'background.paper' : 'transparent',
                border: 1,
                borderColor: isDigit ? 'divider' : 'transparent',
                boxShadow: isDigit ? '0 1px 2px rgba(31, 27, 45, 0.06)' : 'none',
                transition: 'background-color 100ms ease, transform 80ms ease',
                '&:active': { transform: 'scale(0.96)' },
                '&:hover': { bgcolor: (t) => alpha(t.palette.primary.main, 0.06) },
                '&.Mui-disabled': { opacity: 0.45 },
                '&.Mui-focusVisible': { outline: (t) => `3px solid ${alpha(t.palette.primary.main, 0.45)}`, outlineOffset: 2 },
                '& svg': { fontSize: 28 },
              }}
            >
              {label}
            </ButtonBase>
          );
        })}
      </Box>
    </Box>
  );
}

/** The keypad under its label, with the PIN's problem (if any) below it and announced. */
export function PinField({
  id,
  label,
  value,
  onChange,
  error,
  disabled,
}: {
  /** Prefix of the label's and the error's element ids. */
  id: string;
  label: string;
  value: string;
  onChange: (pin: string) => void;
  error?: string;
  disabled: boolean;
}) {
  return (
    <Box>
      <Typography id={`${id}-label`} sx={{ fontWeight: 'fontWeightBold', textAlign: 'center', mb: 1.5, fontSize: 17 }}>
        {label}
      </Typography>
      <PinKeypad value={value} onChange={onChange} disabled={disabled} describedBy={error ? `${id}-error` : `${id}-label`} />
      {error && (
        <Typography id={`${id}-error`} role="alert" color="error" sx={{ textAlign: 'center', mt: 1.5, fontWeight: 'fontWeightSemiBold' }}>
          {error}
        </Typography>
      )}
    </Box>
  );
}

/** PinField bound to the form's `pin`, showing the field's refusal under it. */
export function FormPinField<Values extends FieldValues & { pin: string }>({
  control,
  ...rest
}: { control: Control<Values, unknown, FieldValues> } & Omit<Parameters<typeof PinField>[0], 'value' | 'onChange' | 'error'>) {
  const { field, fieldState } = useController({ control, name: 'pin' as FieldPath<Values> });
  return <PinField {...rest} value={field.value as string} onChange={field.onChange} error={fieldState.error?.message} />;
}
