import { zodResolver } from '@hookform/resolvers/zod';
import FormControlLabel, { type FormControlLabelProps } from '@mui/material/FormControlLabel';
import InputAdornment from '@mui/material/InputAdornment';
import Switch from '@mui/material/Switch';
import TextField, { type TextFieldProps } from '@mui/material/TextField';
import { useEffect, useEffectEvent, useState, type ComponentType, type ReactNode } from 'react';
import {
  useController,
  useForm,
  type Control,
  type FieldPath,
  type FieldValues,
  type UseFormProps,
  type UseFormSetError,
  type UseFormWatch,
} from 'react-hook-form';
import type { z } from 'zod';
import { errorMessage, fieldErrorsOf } from './errors';

/**
 * A react-hook-form form checked with a zod schema (built from the field rules in @studio/rules, the ones the API
 * applies too). Errors show after the first submit and then follow the typing; the submit handler gets the parsed
 * values (trimmed text, numbers from number fields).
 */
export function useZodForm<Schema extends z.ZodType<FieldValues, FieldValues>>(
  schema: Schema,
  options: Omit<UseFormProps<z.input<Schema>, unknown, z.output<Schema>>, 'resolver'> = {},
) {
  return useForm<z.input<Schema>, unknown, z.output<Schema>>({ ...options, resolver: zodResolver(schema) });
}

/**
 * Puts the API's field-level messages (`extensions.fields` of a BAD_USER_INPUT or CONFLICT answer) on the form's
 * fields. `rename` maps an API field name to the form's where they differ. Returns the messages it found, so the
 * form can show a message of its own when there were none.
 */
export function setServerErrors<Values extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<Values>,
  rename: Record<string, FieldPath<Values>> = {},
): Record<string, string> {
  const fields = fieldErrorsOf(error);
  for (const [name, message] of Object.entries(fields)) {
    setError(rename[name] ?? (name as FieldPath<Values>), { type: 'server', message });
  }
  return fields;
}

/**
 * What a form does with a refused submit: the API's field messages go on their fields (see `setServerErrors`), any
 * other refusal becomes `formError` for an alert above the form. Wrap the submit's work in `attempt`. Long forms whose
 * fields may be out of sight pass `listFieldErrors` to also name the field messages in `formError`.
 */
export function useSubmitRefusal<Values extends FieldValues>(
  setError: UseFormSetError<Values>,
  {
    rename = {},
    listFieldErrors = false,
    onRefusal,
  }: {
    rename?: Record<string, FieldPath<Values>>;
    listFieldErrors?: boolean;
    /** Also told of every refusal, e.g. to offer another way on a CONFLICT. */
    onRefusal?: (error: unknown) => void;
  } = {},
) {
  const [formError, setFormError] = useState<string | null>(null);
  const attempt = async (work: () => Promise<unknown>) => {
    setFormError(null);
    try {
      await work();
    } catch (err) {
      const fields = Object.values(setServerErrors(err, setError, rename));
      if (!fields.length) setFormError(errorMessage(err));
      else if (listFieldErrors) setFormError(`Please correct: ${fields.join(' ')}`);
      onRefusal?.(err);
    }
  };
  return { formError, setFormError, attempt };
}

/** Calls `onChange` whenever a value of the form changes, e.g. to drop a message about the last submit. */
export function useOnFormChange<Values extends FieldValues>(watch: UseFormWatch<Values>, onChange: () => void) {
  const changed = useEffectEvent(onChange);
  useEffect(() => watch(() => changed()).unsubscribe, [watch]);
}

/** The first message per field of a schema's problems with `values`, as a form would show them (for tests). */
export function problemsOf(schema: z.ZodType, values: unknown): Record<string, string> {
  const problems: Record<string, string> = {};
  for (const issue of schema.safeParse(values).error?.issues ?? []) {
    const key = issue.path.join('.');
    problems[key] ??= issue.message;
  }
  return problems;
}

type FormTextFieldProps<Values extends FieldValues> = Omit<TextFieldProps, 'name' | 'value' | 'onChange' | 'onBlur' | 'error'> & {
  control: Control<Values, unknown, FieldValues>;
  name: FieldPath<Values>;
  /** Another text field with TextField's props, e.g. PasswordField. */
  as?: ComponentType<TextFieldProps>;
  /** How typed text becomes the field's value, e.g. only its digits. */
  transform?: (text: string) => string;
};

/** An MUI text field (or select) bound to a form field: its value, and its message in place of the hint. */
export function FormTextField<Values extends FieldValues>({
  control,
  name,
  helperText,
  as: Field = TextField,
  transform,
  ...props
}: FormTextFieldProps<Values>) {
  const { field, fieldState } = useController({ control, name });
  return (
    <Field
      {...props}
      name={field.name}
      value={field.value ?? ''}
      onChange={(e) => field.onChange(transform ? transform(e.target.value) : e.target.value)}
      onBlur={field.onBlur}
      inputRef={field.ref}
      error={Boolean(fieldState.error)}
      helperText={fieldState.error?.message ?? helperText}
    />
  );
}

const MONEY_SLOT_PROPS = {
  input: { startAdornment: <InputAdornment position="start">$</InputAdornment> },
  htmlInput: { inputMode: 'decimal' },
} as const;

/** A dollar amount typed as text ("12.50"): a $ in front, and the decimal keypad on a phone. */
export function FormMoneyField<Values extends FieldValues>(props: Omit<FormTextFieldProps<Values>, 'slotProps' | 'inputMode'>) {
  return <FormTextField {...props} slotProps={MONEY_SLOT_PROPS} />;
}

/**
 * A date input bound to a form field, optionally limited to `min`..`max` (ISO dates). Its label always sits
 * above the box, where the browser shows its own date placeholder.
 */
export function FormDateField<Values extends FieldValues>({
  min,
  max,
  ...props
}: Omit<FormTextFieldProps<Values>, 'type' | 'slotProps'> & { min?: string; max?: string }) {
  return (
    <FormTextField {...props} type="date" slotProps={{ inputLabel: { shrink: true }, ...((min || max) && { htmlInput: { min, max } }) }} />
  );
}

/** An on/off switch with its label, bound to a boolean form field. */
export function FormSwitch<Values extends FieldValues>({
  control,
  name,
  label,
  disabled,
  labelPlacement,
}: {
  control: Control<Values, unknown, FieldValues>;
  name: FieldPath<Values>;
  label: ReactNode;
  disabled?: boolean;
  labelPlacement?: FormControlLabelProps['labelPlacement'];
}) {
  const { field } = useController({ control, name });
  return (
    <FormControlLabel
      label={label}
      labelPlacement={labelPlacement}
      control={
        <Switch
          name={field.name}
          checked={Boolean(field.value)}
          onChange={(e) => field.onChange(e.target.checked)}
          onBlur={field.onBlur}
          slotProps={{ input: { ref: field.ref } }}
          disabled={disabled}
        />
      }
    />
  );
}
