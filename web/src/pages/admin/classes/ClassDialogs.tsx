import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import MenuItem from '@mui/material/MenuItem';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState, type FormEvent } from 'react';
import { Controller } from 'react-hook-form';
import { errorMessage } from '../../../app/errors';
import { FormTextField, useOnFormChange, useSubmitRefusal, useZodForm } from '../../../app/forms';
import { useToast } from '../../../app/toast';
import { dialogFormSx } from '../../../components/classFormat';
import { levelLabel } from '../../../components/schedule/classLabels';
import type { EditScope } from '../../../graphql/types';
import { type AdminClassRowFragment } from './classAdmin.generated';
import { InstructorSelect, useActiveClassTypes } from './classAdminShared';
import { NOTHING_CHANGED, SCOPE_OPTIONS, allowedScope, classChanges, classEditForm, editValuesOf, newClassForm } from './classEditRules';
import { formatDay, formatLongDay, formatTime, formatTimeRange, todayIso } from '../../../app/dates';
import { useCancelClassInstance } from './useCancelClassInstance';
import { useCreateClassInstance } from './useCreateClassInstance';
import { useUpdateClassInstance } from './useUpdateClassInstance';

function ClassSummary({ row }: { row: AdminClassRowFragment }) {
  return (
    <Box sx={{ p: 1.5, borderRadius: '10px', bgcolor: 'background.default', border: 1, borderColor: 'divider' }}>
      <Typography sx={{ fontWeight: 'fontWeightBold' }}>{row.blueprint.name}</Typography>
      <Typography variant="body2" color="text.secondary">
        {formatLongDay(row.date)} · {formatTimeRange(row.startTime, row.endTime)} · {row.blueprint.apparatus.name},{' '}
        {levelLabel(row.blueprint.level)}
      </Typography>
    </Box>
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
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="edit-class-title">
      <DialogTitle id="edit-class-title">Edit class</DialogTitle>
      <Box component="form" noValidate onSubmit={submit} sx={dialogFormSx}>
        <DialogContent sx={{ pt: '4px !important', display: 'grid', gap: 2.25 }}>
          <ClassSummary row={row} />
          {formError && <Alert severity={formError === NOTHING_CHANGED ? 'info' : 'error'}>{formError}</Alert>}
          <Controller
            control={control}
            name="instructorId"
            render={({ field, fieldState }) => (
              <InstructorSelect
                label="Instructor"
                value={field.value}
                onChange={field.onChange}
                error={Boolean(fieldState.error)}
                helperText={fieldState.error?.message ?? 'Pick someone else to substitute.'}
              />
            )}
          />
          <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
            <FormTextField
              control={control}
              name="startTime"
              label="Start time"
              type="time"
              helperText="Studio time"
              slotProps={{ inputLabel: { shrink: true } }}
            />
            <FormTextField
              control={control}
              name="capacity"
              label="Capacity"
              type="number"
              helperText={`${row.spotsTaken} spots taken`}
              slotProps={{ htmlInput: { min: Math.max(1, row.spotsTaken), max: 200 } }}
            />
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
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2.5 }}>
          <Button onClick={onClose}>Close</Button>
          <Button type="submit" variant="contained" disabled={loading}>
            {loading ? 'Saving…' : 'Save changes'}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}

export function CancelClassDialog({ row, onClose }: { row: AdminClassRowFragment; onClose: () => void }) {
  const { toast } = useToast();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [cancel, { loading }] = useCancelClassInstance();
  const confirm = async (e: FormEvent) => {
    e.preventDefault();
    try {
      await cancel({ variables: { id: row.id, reason: reason.trim() } });
      toast({
        title: 'Class cancelled',
        description: row.spotsTaken
          ? `${row.spotsTaken} booked ${row.spotsTaken === 1 ? 'person was' : 'people were'} told.`
          : `${row.blueprint.name} on ${formatDay(row.date)} is cancelled.`,
        variant: 'success',
      });
      onClose();
    } catch (err) {
      setError(errorMessage(err, 'The class could not be cancelled. Please try again.'));
    }
  };
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="xs" aria-labelledby="cancel-class-title">
      <DialogTitle id="cancel-class-title">Cancel this class?</DialogTitle>
      <Box component="form" noValidate onSubmit={confirm} sx={dialogFormSx}>
        <DialogContent sx={{ pt: '4px !important', display: 'grid', gap: 2 }}>
          <ClassSummary row={row} />
          {error && <Alert severity="error">{error}</Alert>}
          <DialogContentText>
            {row.spotsTaken > 0
              ? `${row.spotsTaken} booked ${row.spotsTaken === 1 ? 'person is' : 'people are'} told and their spots are released.`
              : 'Nobody is booked yet.'}
            {row.waitlistLength > 0 && ` ${row.waitlistLength} on the waitlist will no longer wait.`}
          </DialogContentText>
          <TextField
            label="Reason (optional)"
            value={reason}
            onChange={(e) => setReason(e.target.value)}
            helperText="Included in the message to attendees, e.g. 'Instructor unwell'."
            slotProps={{ htmlInput: { maxLength: 300 } }}
          />
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2.5 }}>
          <Button onClick={onClose}>Keep class</Button>
          <Button type="submit" color="error" variant="contained" disabled={loading}>
            {loading ? 'Cancelling…' : 'Cancel class'}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
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
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="new-class-title">
      <DialogTitle id="new-class-title">Add a single class</DialogTitle>
      <Box component="form" noValidate onSubmit={submit} sx={dialogFormSx}>
        <DialogContent sx={{ pt: '8px !important', display: 'grid', gap: 2.25 }}>
          {formError && <Alert severity="error">{formError}</Alert>}
          <FormTextField control={control} name="blueprintId" select label="Class type" required>
            {classTypes.map((t) => (
              <MenuItem key={t.id} value={t.id}>
                {t.name} · {t.apparatus.name}
              </MenuItem>
            ))}
          </FormTextField>
          <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
            <FormTextField control={control} name="date" label="Date" type="date" required slotProps={{ inputLabel: { shrink: true } }} />
            <FormTextField
              control={control}
              name="startTime"
              label="Start time"
              type="time"
              required
              helperText={type ? `${type.durationMinutes} minutes` : 'Studio time'}
              slotProps={{ inputLabel: { shrink: true } }}
            />
          </Box>
          <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
            <Controller
              control={control}
              name="instructorId"
              render={({ field, fieldState }) => (
                <InstructorSelect
                  label="Instructor"
                  value={field.value}
                  onChange={field.onChange}
                  emptyLabel={type?.defaultInstructor ? `Default (${type.defaultInstructor.name})` : 'Class type default'}
                  error={Boolean(fieldState.error)}
                  helperText={fieldState.error?.message}
                  slotProps={{ inputLabel: { shrink: true }, select: { displayEmpty: true } }}
                />
              )}
            />
            <FormTextField
              control={control}
              name="capacity"
              label="Capacity"
              type="number"
              placeholder={type ? String(type.defaultCapacity) : ''}
              helperText="Empty: the class type default"
              slotProps={{ inputLabel: { shrink: true }, htmlInput: { min: 1, max: 200 } }}
            />
          </Box>
          <FormTextField control={control} name="notes" label="Notes" multiline minRows={2} />
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2.5 }}>
          <Button onClick={onClose}>Close</Button>
          <Button type="submit" variant="contained" disabled={loading}>
            {loading ? 'Adding…' : 'Add class'}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
