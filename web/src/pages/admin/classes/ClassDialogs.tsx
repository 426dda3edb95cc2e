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
import { errorMessage, fieldErrorsOf } from '../../../app/errors';
import { useToast } from '../../../app/toast';
import { TIME_OF_DAY, dialogFormSx } from '../../../components/classFormat';
import { formatDay, formatLongDay, formatTime, formatTimeRange, isIsoDate, todayIso } from '../../../components/schedule/scheduleDates';
import { levelLabel } from '../../../components/schedule/classLabels';
import type { EditScope } from '../../../graphql/types';
import { type AdminClassRowFragment } from './classAdmin.generated';
import { InstructorSelect, rangeProblem, useActiveClassTypes } from './classAdminShared';
import {
  NOTHING_CHANGED,
  SCOPE_OPTIONS,
  allowedScope,
  classChanges,
  editValuesOf,
  validateClassEdit,
  type ClassEditErrors,
  type ClassEditField,
  type ClassEditValues,
} from './classEditRules';
import { useCancelClassInstance } from './useCancelClassInstance';
import { useCreateClassInstance } from './useCreateClassInstance';
import { useUpdateClassInstance } from './useUpdateClassInstance';

function ClassSummary({ row }: { row: AdminClassRowFragment }) {
  return (
    <Box sx={{ p: 1.5, borderRadius: '10px', bgcolor: 'background.default', border: 1, borderColor: 'divider' }}>
      <Typography sx={{ fontWeight: 700 }}>{row.blueprint.name}</Typography>
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
  const [values, setValues] = useState<ClassEditValues>(original);
  const [scope, setScope] = useState<EditScope>('THIS');
  const [errors, setErrors] = useState<ClassEditErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  // The changed classes come back with their new values and update every cached row they appear in.
  const [update, { loading }] = useUpdateClassInstance();
  const inSeries = Boolean(row.series);

  const set = (field: ClassEditField, value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    setErrors((e) => ({ ...e, [field]: undefined }));
    setFormError(null);
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const problems = validateClassEdit(values, row.spotsTaken);
    setErrors(problems);
    if (Object.keys(problems).length) return;
    const input = classChanges(original, values);
    if (!Object.keys(input).length) {
      setFormError(NOTHING_CHANGED);
      return;
    }
    try {
      const { data } = await update({ variables: { id: row.id, input, scope: allowedScope(scope, inSeries) } });
      const count = data?.updateClassInstance.length ?? 1;
      toast({
        title: count > 1 ? `${count} classes updated` : 'Class updated',
        description: `${row.blueprint.name} is saved.`,
        variant: 'success',
      });
      onClose();
    } catch (err) {
      const fields = fieldErrorsOf(err);
      setErrors(fields);
      setFormError(Object.keys(fields).length ? null : errorMessage(err));
    }
  };

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="edit-class-title">
      <DialogTitle id="edit-class-title" sx={{ fontWeight: 700 }}>
        Edit class
      </DialogTitle>
      <Box component="form" noValidate onSubmit={submit} sx={dialogFormSx}>
        <DialogContent sx={{ pt: '4px !important', display: 'grid', gap: 2.25 }}>
          <ClassSummary row={row} />
          {formError && <Alert severity={formError === NOTHING_CHANGED ? 'info' : 'error'}>{formError}</Alert>}
          <InstructorSelect
            label="Instructor"
            value={values.instructorId}
            onChange={(id) => set('instructorId', id)}
            error={Boolean(errors.instructorId)}
            helperText={errors.instructorId ?? 'Pick someone else to substitute.'}
          />
          <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
            <TextField
              label="Start time"
              type="time"
              value={values.startTime}
              onChange={(e) => set('startTime', e.target.value)}
              error={Boolean(errors.startTime)}
              helperText={errors.startTime ?? 'Studio time'}
              slotProps={{ inputLabel: { shrink: true } }}
            />
            <TextField
              label="Capacity"
              type="number"
              value={values.capacity}
              onChange={(e) => set('capacity', e.target.value)}
              error={Boolean(errors.capacity)}
              helperText={errors.capacity ?? `${row.spotsTaken} spots taken`}
              slotProps={{ htmlInput: { min: Math.max(1, row.spotsTaken), max: 200 } }}
            />
          </Box>
          <TextField
            label="Notes"
            multiline
            minRows={2}
            value={values.notes}
            onChange={(e) => set('notes', e.target.value)}
            error={Boolean(errors.notes)}
            helperText={errors.notes ?? 'Shown to the instructor with the roster.'}
          />
          <FormControl>
            <FormLabel id="edit-scope-label" sx={{ fontWeight: 700, color: 'text.primary', mb: 0.5 }}>
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
                      <Typography sx={{ fontWeight: 600 }}>{o.label}</Typography>
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
      <DialogTitle id="cancel-class-title" sx={{ fontWeight: 700 }}>
        Cancel this class?
      </DialogTitle>
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

type NewClassField = 'blueprintId' | 'date' | 'startTime' | 'instructorId' | 'capacity' | 'notes';

/** A single class outside any series (an extra workshop, a make-up class). */
export function NewClassDialog({ onClose }: { onClose: () => void }) {
  const { toast } = useToast();
  const { classTypes } = useActiveClassTypes();
  const [values, setValues] = useState<Record<NewClassField, string>>({
    blueprintId: '',
    date: todayIso(),
    startTime: '18:00',
    instructorId: '',
    capacity: '',
    notes: '',
  });
  const [errors, setErrors] = useState<Partial<Record<NewClassField, string>>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [create, { loading }] = useCreateClassInstance();
  const type = classTypes.find((t) => t.id === values.blueprintId);
  const set = (f: NewClassField, v: string) => {
    setValues((s) => ({ ...s, [f]: v }));
    setErrors((e) => ({ ...e, [f]: undefined }));
  };
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setFormError(null);
    const problems: Partial<Record<NewClassField, string>> = {};
    if (!values.blueprintId) problems.blueprintId = 'Choose a class type.';
    if (!isIsoDate(values.date)) problems.date = 'Choose a date.';
    if (!TIME_OF_DAY.test(values.startTime)) problems.startTime = 'Use a time like 18:30.';
    const cap = rangeProblem(values.capacity, 1, 200, { required: false });
    if (cap) problems.capacity = cap;
    if (!values.instructorId && type && !type.defaultInstructor)
      problems.instructorId = 'This class type has no default instructor: choose one.';
    setErrors(problems);
    if (Object.keys(problems).length) return;
    try {
      await create({
        variables: {
          input: {
            blueprintId: values.blueprintId,
            date: values.date,
            startTime: values.startTime,
            ...(values.instructorId ? { instructorId: values.instructorId } : {}),
            ...(values.capacity.trim() ? { capacity: Number(values.capacity) } : {}),
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
    } catch (err) {
      const fields = fieldErrorsOf(err);
      setErrors(fields);
      setFormError(Object.keys(fields).length ? null : errorMessage(err));
    }
  };
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="new-class-title">
      <DialogTitle id="new-class-title" sx={{ fontWeight: 700 }}>
        Add a single class
      </DialogTitle>
      <Box component="form" noValidate onSubmit={submit} sx={dialogFormSx}>
        <DialogContent sx={{ pt: '8px !important', display: 'grid', gap: 2.25 }}>
          {formError && <Alert severity="error">{formError}</Alert>}
          <TextField
            select
            label="Class type"
            required
            value={classTypes.length ? values.blueprintId : ''}
            onChange={(e) => set('blueprintId', e.target.value)}
            error={Boolean(errors.blueprintId)}
            helperText={errors.blueprintId}
          >
            {classTypes.map((t) => (
              <MenuItem key={t.id} value={t.id}>
                {t.name} · {t.apparatus.name}
              </MenuItem>
            ))}
          </TextField>
          <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
            <TextField
              label="Date"
              type="date"
              required
              value={values.date}
              onChange={(e) => set('date', e.target.value)}
              error={Boolean(errors.date)}
              helperText={errors.date}
              slotProps={{ inputLabel: { shrink: true } }}
            />
            <TextField
              label="Start time"
              type="time"
              required
              value={values.startTime}
              onChange={(e) => set('startTime', e.target.value)}
              error={Boolean(errors.startTime)}
              helperText={errors.startTime ?? (type ? `${type.durationMinutes} minutes` : 'Studio time')}
              slotProps={{ inputLabel: { shrink: true } }}
            />
          </Box>
          <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
            <InstructorSelect
              label="Instructor"
              value={values.instructorId}
              onChange={(id) => set('instructorId', id)}
              emptyLabel={type?.defaultInstructor ? `Default (${type.defaultInstructor.name})` : 'Class type default'}
              error={Boolean(errors.instructorId)}
              helperText={errors.instructorId}
              slotProps={{ inputLabel: { shrink: true }, select: { displayEmpty: true } }}
            />
            <TextField
              label="Capacity"
              type="number"
              value={values.capacity}
              onChange={(e) => set('capacity', e.target.value)}
              placeholder={type ? String(type.defaultCapacity) : ''}
              error={Boolean(errors.capacity)}
              helperText={errors.capacity ?? 'Empty: the class type default'}
              slotProps={{ inputLabel: { shrink: true }, htmlInput: { min: 1, max: 200 } }}
            />
          </Box>
          <TextField
            label="Notes"
            multiline
            minRows={2}
            value={values.notes}
            onChange={(e) => set('notes', e.target.value)}
            error={Boolean(errors.notes)}
            helperText={errors.notes}
          />
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
