import { useQuery } from '@apollo/client/react';
import EditOutlined from '@mui/icons-material/EditOutlined';
import EventBusyOutlined from '@mui/icons-material/EventBusyOutlined';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import TextField, { type TextFieldProps } from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import { useController, type Control, type FieldPath, type FieldValues } from 'react-hook-form';
import { FormTextField } from '../../../app/forms';
import type { ClassStatus } from '../../../graphql/types';
import { TableFilterSelect } from '../../../components/DataTable';
import { ClassAdminChoicesDocument, ClassTypesDocument } from './classAdmin.generated';

/** Apparatus and staff for filters and forms (one query, cached for the whole page). */
export function useClassAdminChoices() {
  const { data } = useQuery(ClassAdminChoicesDocument);
  return { apparatuses: data?.apparatuses ?? [], instructors: data?.instructors ?? [] };
}

/** Active class types for the series and single-class forms (the API pages at most 100). */
export function useActiveClassTypes() {
  const { data, loading } = useQuery(ClassTypesDocument, { variables: { page: 1, pageSize: 100, isActive: true } });
  return { classTypes: data?.classBlueprints.items ?? [], loading };
}

/** A table row's Edit and Cancel buttons for a class or a series ('what' names it for screen readers). */
export function EditCancelButtons({
  noun,
  what,
  cancelled,
  onEdit,
  onCancel,
}: {
  noun: 'class' | 'series';
  what: string;
  cancelled: boolean;
  onEdit: () => void;
  onCancel: () => void;
}) {
  return (
    <>
      <Tooltip title={cancelled ? `Cancelled ${noun === 'class' ? 'classes' : 'series'} cannot be edited` : `Edit ${noun}`}>
        <span>
          <IconButton size="small" onClick={onEdit} disabled={cancelled} aria-label={`Edit ${what}`}>
            <EditOutlined fontSize="small" />
          </IconButton>
        </span>
      </Tooltip>
      <Tooltip title={cancelled ? 'Already cancelled' : `Cancel ${noun}`}>
        <span>
          <IconButton size="small" color="error" onClick={onCancel} disabled={cancelled} aria-label={`Cancel ${what}`}>
            <EventBusyOutlined fontSize="small" />
          </IconButton>
        </span>
      </Tooltip>
    </>
  );
}

export function ClassStatusChip({ status }: { status: ClassStatus }) {
  return status === 'cancelled' ? (
    <Chip size="small" color="error" variant="outlined" label="Cancelled" />
  ) : (
    <Chip size="small" color="success" variant="outlined" label="Scheduled" />
  );
}

type ChoiceSelectProps = { value: string; onChange: (id: string) => void; emptyLabel?: string } & Omit<
  TextFieldProps,
  'value' | 'onChange' | 'select'
>;

/** A select of named records; `emptyLabel` adds a first option meaning "none chosen". */
function ChoiceSelect({ choices, value, onChange, emptyLabel, ...rest }: ChoiceSelectProps & { choices: { id: string; name: string }[] }) {
  // Until the choices arrive, a chosen id has no option to show: MUI warns about an out-of-range value.
  return (
    <TextField select value={choices.length || !value ? value : ''} onChange={(e) => onChange(e.target.value)} {...rest}>
      {emptyLabel !== undefined && (
        <MenuItem value="">
          <em>{emptyLabel}</em>
        </MenuItem>
      )}
      {choices.map((c) => (
        <MenuItem key={c.id} value={c.id}>
          {c.name}
        </MenuItem>
      ))}
    </TextField>
  );
}

/** A select of people who can teach. */
export function InstructorSelect(props: ChoiceSelectProps) {
  return <ChoiceSelect choices={useClassAdminChoices().instructors} {...props} />;
}

/** A select of the studio's apparatus. */
export function ApparatusSelect(props: ChoiceSelectProps) {
  return <ChoiceSelect choices={useClassAdminChoices().apparatuses} {...props} />;
}

type FilterProps = { value: string; onChange: (id: string) => void; width?: number };
const filterChoices = (choices: { id: string; name: string }[]) => choices.map((c) => [c.id, c.name] as const);

/** The tables' Instructor filter ("All" first). */
export function InstructorFilter({ value, ...rest }: FilterProps) {
  const { instructors } = useClassAdminChoices();
  return <TableFilterSelect label="Instructor" value={instructors.length ? value : ''} options={filterChoices(instructors)} {...rest} />;
}

/** The tables' Apparatus filter ("All" first). */
export function ApparatusFilter({ value, ...rest }: FilterProps) {
  const { apparatuses } = useClassAdminChoices();
  return <TableFilterSelect label="Apparatus" value={apparatuses.length ? value : ''} options={filterChoices(apparatuses)} {...rest} />;
}

/** The form's `instructorId` as an instructor select, with the field's refusal under it (else `helperText`). */
export function InstructorField<Values extends FieldValues & { instructorId: string }>({
  control,
  helperText,
  ...rest
}: { control: Control<Values, unknown, FieldValues> } & Omit<
  Parameters<typeof InstructorSelect>[0],
  'value' | 'onChange' | 'label' | 'error'
>) {
  const { field, fieldState } = useController({ control, name: 'instructorId' as FieldPath<Values> });
  return (
    <InstructorSelect
      label="Instructor"
      value={field.value as string}
      onChange={field.onChange}
      error={Boolean(fieldState.error)}
      helperText={fieldState.error?.message ?? helperText}
      {...rest}
    />
  );
}

type BoundTo<Values extends FieldValues> = { control: Control<Values, unknown, FieldValues> };

/** The form's `startTime` as a time input; the hint says times are the studio's unless told otherwise. */
export function StartTimeField<Values extends FieldValues & { startTime: string }>({
  control,
  required,
  helperText = 'Studio time',
}: BoundTo<Values> & { required?: boolean; helperText?: string }) {
  return (
    <FormTextField
      control={control}
      name={'startTime' as FieldPath<Values>}
      label="Start time"
      type="time"
      required={required}
      helperText={helperText}
      slotProps={{ inputLabel: { shrink: true } }}
    />
  );
}

/** The form's `capacity` as a number input, at most 200 spots (the API's limit). */
export function CapacityField<Values extends FieldValues & { capacity: string }>({
  control,
  min = 1,
  shrink = true,
  ...rest
}: BoundTo<Values> & { min?: number; shrink?: boolean; helperText?: string; placeholder?: string }) {
  return (
    <FormTextField
      control={control}
      name={'capacity' as FieldPath<Values>}
      label="Capacity"
      type="number"
      {...rest}
      slotProps={{ ...(shrink && { inputLabel: { shrink: true } }), htmlInput: { min, max: 200 } }}
    />
  );
}

/**
 * Instructor and capacity for a new class or series: left empty, each takes the class type's default
 * (`defaultLabel` names that default in the instructor select).
 */
export function ClassTypeDefaultFields<Values extends FieldValues & { instructorId: string; capacity: string }>({
  control,
  classType,
  defaultLabel,
}: BoundTo<Values> & {
  classType: { defaultInstructor?: { name: string } | null; defaultCapacity: number } | null | undefined;
  defaultLabel: string;
}) {
  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
      <InstructorField
        control={control}
        emptyLabel={classType?.defaultInstructor ? `${defaultLabel} (${classType.defaultInstructor.name})` : 'Class type default'}
        slotProps={{ inputLabel: { shrink: true }, select: { displayEmpty: true } }}
      />
      <CapacityField
        control={control}
        placeholder={classType ? String(classType.defaultCapacity) : ''}
        helperText="Empty: the class type default"
      />
    </Box>
  );
}
