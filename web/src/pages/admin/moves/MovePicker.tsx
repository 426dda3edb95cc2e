import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import { useMemo } from 'react';
import { useController, type Control, type FieldPath, type FieldValues } from 'react-hook-form';

export interface MoveChoice {
  id: string;
  name: string;
  level: number;
}

/**
 * Several moves of one apparatus picked by name (type to narrow), bound to a form field holding their ids; grouped
 * by level. Ids that are not among the choices (another apparatus', an archived move) are not shown.
 */
export function MovePicker<Values extends FieldValues>({
  control,
  name,
  label,
  choices,
  helperText,
}: {
  control: Control<Values, unknown, FieldValues>;
  name: FieldPath<Values>;
  label: string;
  choices: readonly MoveChoice[];
  helperText?: string;
}) {
  const { field, fieldState } = useController({ control, name });
  const byId = useMemo(() => new Map(choices.map((c) => [c.id, c])), [choices]);
  const ids = (field.value ?? []) as string[];
  const value = ids.map((id) => byId.get(id)).filter((c): c is MoveChoice => Boolean(c));
  const options = useMemo(() => [...choices].sort((a, b) => a.level - b.level || a.name.localeCompare(b.name)), [choices]);
  return (
    <Autocomplete
      multiple
      disableCloseOnSelect
      options={options}
      value={value}
      onChange={(_e, next) => field.onChange(next.map((c) => c.id))}
      onBlur={field.onBlur}
      groupBy={(o) => `Level ${o.level}`}
      getOptionLabel={(o) => o.name}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      noOptionsText="No moves of this apparatus"
      renderInput={(params) => (
        <TextField
          {...params}
          name={field.name}
          inputRef={field.ref}
          label={label}
          error={Boolean(fieldState.error)}
          helperText={fieldState.error?.message ?? helperText}
        />
      )}
    />
  );
}
