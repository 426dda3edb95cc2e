import Box from '@mui/material/Box';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import MenuItem from '@mui/material/MenuItem';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { FormDateField, FormTextField, useOnFormChange, useSubmitRefusal, useZodForm } from '../../../app/forms';
import { useToast } from '../../../app/toast';
import { levelLabel } from '../../../components/schedule/classLabels';
import type { EditScope } from '../../../graphql/types';
import { type AdminClassRowFragment } from './classAdmin.generated';
import { CapacityField, ClassTypeDefaultFields, InstructorField, StartTimeField, useActiveClassTypes } from './classAdminShared';
import { NOTHING_CHANGED, SCOPE_OPTIONS, allowedScope, classChanges, classEditForm, editValuesOf, newClassForm } from './classEditRules';
import { formatDay, formatLongDay, formatTime, formatTimeRange, todayIso } from '../../../app/dates';
import { useCancelClassInstance } from './useCancelClassInstance';
import { useCreateClassInstance } from './useCreateClassInstance';
import { useUpdateClassInstance } from './useUpdateClassInstance';
import { FormDialog } from '../../../components/FormDialog';
import { CancelScheduleDialog, ScheduleSummary } from './CancelScheduleDialog';

function ClassSummary({ row }: { row: AdminClassRowFragment }) {
  return (
    <ScheduleSummary
      name={row.blueprint.name}
      line={`${formatLongDay(row.date)} · ${formatTimeRange(row.startTime, row.endTime)} · ${row.blueprint.apparatus.name}, ${levelLabel(row.blueprint.level)}`}
    />
  );
}

/** Substitute instructor, time, capacity or notes — for this class only, or for it and the rest of its series. */
export function EditClassDialog({ row, onClose }: { row: AdminClassRowFragment; onClose: () => void }) {
  const { toast } = useToast();
  const original = editValuesOf(row);
  const { control, handleSubmit, setError, watch, getValues } = useZodForm(classEditForm(row.spotsTaken), { defaultValues: original });
  const [scope, setScope] = useState<EditScope>('THIS');
  const { formError, setFormError, attempt } = useSubmitRefusal(setError);
  useOnFormChange(watch, () => setFormError(null));
  // The changed classes come back with their new values and update every cached row they appear in.
  const [update, { loading }] = useUpdateClassInstance();
  const inSeries = Boolean(row.series);

  const submit = handleSubmit(async () => {
    const input = classChanges(original, getValues());
    if (!Object.keys(input).length) {
      setFormError(NOTHING_CHANGED);
      return;
    }
    await attempt(async () => {
      const { data } = await update({ variables: { id: row.id, input, scope: allowedScope(scope, inSeries) } });
      const count = data?.updateClassInstance.length ?? 1;
      toast({
        title: count > 1 ? `${count} classes updated` : 'Class updated',
        description: `${row.blueprint.name} is saved.`,
        variant: 'success',
      });
      onClose();
    });
  });

  return (
    <FormDialog
      title="Edit class"
      onClose={onClose}
      onSubmit={submit}
      formError={formError}
      formErrorSeverity={formError === NOTHING_CHANGED ? 'info' : 'error'}
      busy={loading}
      submitLabel="Save changes"
    >
      <ClassSummary row={row} />
      <InstructorField control={control} helperText="Pick someone else to substitute." />
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
        <StartTimeField control={control} />
        <CapacityField control={control} shrink={false} min={Math.max(1, row.spotsTaken)} helperText={`${row.spotsTaken} spots taken`} />
      </Box>
      <FormTextField
        control={control}
        name="notes"
        label="Notes"
        multiline
        minRows={2}
        helperText="Shown to the instructor with the roster."
      />
      <FormControl>
        <FormLabel id="edit-scope-label" sx={{ fontWeight: 'fontWeightBold', color: 'text.primary', mb: 0.5 }}>
          Apply changes to
        </FormLabel>
        <RadioGroup
          aria-labelledby="edit-scope-label"
          value={allowedScope(scope, inSeries)}
          onChange={(e) => setScope(e.target.value as EditScope)}
        >
          {SCOPE_OPTIONS.map((o) => (
            <FormControlLabel
              key={o.value}
              value={o.value}
              disabled={o.value === 'THIS_AND_FOLLOWING' && !inSeries}
              control={<Radio />}
              label={
                <Box sx={{ py: 0.5 }}>
                  <Typography sx={{ fontWeight: 'fontWeightSemiBold' }}>{o.label}</Typography>
                  <Typography variant="body2" color="text.secondary">
                    {o.line}
                  </Typography>
                </Box>
              }
            />
          ))}
        </RadioGroup>
        {!inSeries && <FormHelperText>This class is not part of a weekly series.</FormHelperText>}
      </FormControl>
    </FormDialog>
  );
}

/** Cancels one class: its booked members are told and its waitlist ends. */
export function CancelClassDialog({ row, onClose }: { row: AdminClassRowFragment; onClose: () => void }) {
  const { toast } = useToast();
  const [cancel] = useCancelClassInstance();
  return (
    <CancelScheduleDialog
      what="class"
      summary={<ClassSummary row={row} />}
      consequence={
        <>
          {row.spotsTaken > 0
            ? `${row.spotsTaken} booked ${row.spotsTaken === 1 ? 'person is' : 'people are'} told and their spots are released.`
            : 'Nobody is booked yet.'}
          {row.waitlistLength > 0 && ` ${row.waitlistLength} on the waitlist will no longer wait.`}
        </>
      }
      reasonHelp="Included in the message to attendees, e.g. 'Instructor unwell'."
      cancel={async (reason) => {
        await cancel({ variables: { id: row.id, reason } });
        toast({
          title: 'Class cancelled',
          description: row.spotsTaken
            ? `${row.spotsTaken} booked ${row.spotsTaken === 1 ? 'person was' : 'people were'} told.`
            : `${row.blueprint.name} on ${formatDay(row.date)} is cancelled.`,
          variant: 'success',
        });
      }}
      onClose={onClose}
    />
  );
}

/** A single class outside any series (an extra workshop, a make-up class). */
export function NewClassDialog({ onClose }: { onClose: () => void }) {
  const { toast } = useToast();
  const { classTypes } = useActiveClassTypes();
  const { control, handleSubmit, setError, watch } = useZodForm(
    newClassForm((id) => classTypes.find((t) => t.id === id)),
    { defaultValues: { blueprintId: '', date: todayIso(), startTime: '18:00', instructorId: '', capacity: '', notes: '' } },
  );
  const { formError, attempt } = useSubmitRefusal(setError);
  const [create, { loading }] = useCreateClassInstance();
  const type = classTypes.find((t) => t.id === watch('blueprintId'));
  const submit = handleSubmit(async (values) => {
    await attempt(async () => {
      await create({
        variables: {
          input: {
            blueprintId: values.blueprintId,
            date: values.date,
            startTime: values.startTime,
            ...(values.instructorId ? { instructorId: values.instructorId } : {}),
            ...(values.capacity !== undefined ? { capacity: values.capacity } : {}),
            ...(values.notes.trim() ? { notes: values.notes.trim() } : {}),
          },
        },
      });
      toast({
        title: 'Class added',
        description: `${type?.name ?? 'The class'} on ${formatDay(values.date)} at ${formatTime(values.startTime)}.`,
        variant: 'success',
      });
      onClose();
    });
  });
  return (
    <FormDialog
      title="Add a single class"
      onClose={onClose}
      onSubmit={submit}
      formError={formError}
      busy={loading}
      busyLabel="Adding…"
      submitLabel="Add class"
    >
      <FormTextField control={control} name="blueprintId" select label="Class type" required>
        {classTypes.map((t) => (
          <MenuItem key={t.id} value={t.id}>
            {t.name} · {t.apparatus.name}
          </MenuItem>
        ))}
      </FormTextField>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
        <FormDateField control={control} name="date" label="Date" required />
        <StartTimeField control={control} required helperText={type ? `${type.durationMinutes} minutes` : 'Studio time'} />
      </Box>
      <ClassTypeDefaultFields control={control} classType={type} defaultLabel="Default" />
      <FormTextField control={control} name="notes" label="Notes" multiline minRows={2} />
    </FormDialog>
  );
}
