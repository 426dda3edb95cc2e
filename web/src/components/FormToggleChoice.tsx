import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import type { ReactNode } from 'react';
import { useController, type Control, type FieldPath, type FieldValues } from 'react-hook-form';

// Apart from app/forms so that pages without it do not load the toggle buttons with the other form fields.
/** A choice of a few values as a full-width row of toggle buttons bound to a form field; one always stays chosen. */
export function FormToggleChoice<Values extends FieldValues>({
  control,
  name,
  options,
  'aria-label': ariaLabel,
}: {
  control: Control<Values, unknown, FieldValues>;
  name: FieldPath<Values>;
  /** [value, label] pairs, in the order shown. */
  options: readonly (readonly [string, ReactNode])[];
  'aria-label': string;
}) {
  const { field } = useController({ control, name });
  return (
    <ToggleButtonGroup
      exclusive
      fullWidth
      color="primary"
      value={field.value}
      // A click on the chosen button would clear it: keep the choice instead.
      onChange={(_e, next: string | null) => next && field.onChange(next)}
      aria-label={ariaLabel}
    >
      {options.map(([value, label]) => (
        <ToggleButton key={value} value={value}>
          {label}
        </ToggleButton>
      ))}
    </ToggleButtonGroup>
  );
}
