import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState, type FormEvent } from 'react';
import { errorMessage, fieldErrorsOf } from '../../../app/errors';
import { useToast } from '../../../app/toast';
import { dialogFormSx, formatDateWithYear, plural } from '../../../components/classFormat';
import { formatTime, todayIso } from '../../../components/schedule/scheduleDates';
import { levelLabel } from '../../../components/schedule/classLabels';
import { type SeriesRowFragment } from './classAdmin.generated';
import { NOTHING_CHANGED } from './classEditRules';
import { InstructorSelect } from './classAdminShared';
import {
  seriesChanges,
  seriesEditValuesOf,
  validateSeriesEdit,
  weekdayNames,
  type SeriesEditErrors,
  type SeriesEditField,
  type SeriesEditValues,
} from './seriesRules';
import { useCancelClassSeries } from './useCancelClassSeries';
import { useUpdateClassSeries } from './useUpdateClassSeries';

function SeriesSummary({ row }: { row: SeriesRowFragment }) {
  return (
    <Box sx={{ p: 1.5, borderRadius: '10px', bgcolor: 'background.default', border: 1, borderColor: 'divider' }}>
      <Typography sx={{ fontWeight: 700 }}>{row.blueprint.name}</Typography>
      <Typography variant="body2" color="text.secondary">
        {weekdayNames(row.weekdays)} at {formatTime(row.startTime)} · {formatDateWithYear(row.startDate)} –{' '}
        {formatDateWithYear(row.endDate)} · {row.blueprint.apparatus.name}, {levelLabel(row.blueprint.level)}
      </Typography>
    </Box>
  );
}

/** Instructor, time, capacity and last date of a whole series; every class of it not yet started follows. */
export function EditSeriesDialog({ row, onClose }: { row: SeriesRowFragment; onClose: () => void }) {
  const { toast } = useToast();
  const original = seriesEditValuesOf(row);
  const [values, setValues] = useState<SeriesEditValues>(original);
  const [errors, setErrors] = useState<SeriesEditErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [update, { loading }] = useUpdateClassSeries();

  const set = (field: SeriesEditField, value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    setErrors((e) => ({ ...e, [field]: undefined }));
    setFormError(null);
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const problems = validateSeriesEdit(values, row);
    setErrors(problems);
    if (Object.keys(problems).length) return;
    const input = seriesChanges(original, values);
    if (!Object.keys(input).length) {
      setFormError(NOTHING_CHANGED);
      return;
    }
    try {
      const { data } = await update({ variables: { id: row.id, input } });
      const upcoming = data?.updateClassSeries.upcomingClasses ?? row.upcomingClasses;
      toast({
        title: 'Series updated',
        description: `${row.blueprint.name}: ${plural(upcoming, 'class', 'classes')} to come follow the changes.`,
        variant: 'success',
      });
      onClose();
    } catch (err) {
      const fields = fieldErrorsOf(err);
      setErrors(fields);
      setFormError(Object.keys(fields).length ? null : errorMessage(err));
    }
  };

  const shorter = values.endDate < row.endDate && !errors.endDate;
  const longer = values.endDate > row.endDate && !errors.endDate;
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="edit-series-title">
      <DialogTitle id="edit-series-title" sx={{ fontWeight: 700 }}>
        Edit series
      </DialogTitle>
      <Box component="form" noValidate onSubmit={submit} sx={dialogFormSx}>
        <DialogContent sx={{ pt: '4px !important', display: 'grid', gap: 2.25 }}>
          <SeriesSummary row={row} />
          <DialogContentText variant="body2">
            Changes apply to the {plural(row.upcomingClasses, 'class', 'classes')} of this series not yet started; classes already held stay
            as they were. Booked members are told about a new time.
          </DialogContentText>
          {formError && <Alert severity="error">{formError}</Alert>}
          <InstructorSelect
            label="Instructor"
            value={values.instructorId}
            onChange={(id) => set('instructorId', id)}
            error={Boolean(errors.instructorId)}
            helperText={errors.instructorId}
          />
          <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr 1fr' } }}>
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
              helperText={errors.capacity}
              slotProps={{ inputLabel: { shrink: true }, htmlInput: { min: 1, max: 200 } }}
            />
            <TextField
              label="Last date"
              type="date"
              value={values.endDate}
              onChange={(e) => set('endDate', e.target.value)}
              error={Boolean(errors.endDate)}
              helperText={errors.endDate}
              slotProps={{ inputLabel: { shrink: true }, htmlInput: { min: todayIso() > row.startDate ? todayIso() : row.startDate } }}
            />
          </Box>
          {shorter && (
            <Alert severity="warning">
              Classes after {formatDateWithYear(values.endDate)} are cancelled; their booked members are told and their spots released.
            </Alert>
          )}
          {longer && (
            <Alert severity="info">
              Classes are added on {weekdayNames(row.weekdays)} up to {formatDateWithYear(values.endDate)}, except on studio closures.
            </Alert>
          )}
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2.5 }}>
          <Button onClick={onClose}>Close</Button>
          <Button type="submit" variant="contained" disabled={loading}>
            {loading ? 'Saving…' : 'Save series'}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}

/** Cancels every class of a series not yet started; the series stays listed as cancelled. */
export function CancelSeriesDialog({ row, onClose }: { row: SeriesRowFragment; onClose: () => void }) {
  const { toast } = useToast();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [cancel, { loading }] = useCancelClassSeries();
  const confirm = async (e: FormEvent) => {
    e.preventDefault();
    try {
      await cancel({ variables: { id: row.id, reason: reason.trim() } });
      toast({
        title: 'Series cancelled',
        description: `${row.blueprint.name}: ${plural(row.upcomingClasses, 'class', 'classes')} cancelled.`,
        variant: 'success',
      });
      onClose();
    } catch (err) {
      setError(errorMessage(err, 'The series could not be cancelled. Please try again.'));
    }
  };
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="xs" aria-labelledby="cancel-series-title">
      <DialogTitle id="cancel-series-title" sx={{ fontWeight: 700 }}>
        Cancel this series?
      </DialogTitle>
      <Box component="form" noValidate onSubmit={confirm} sx={dialogFormSx}>
        <DialogContent sx={{ pt: '4px !important', display: 'grid', gap: 2 }}>
          <SeriesSummary row={row} />
          {error && <Alert severity="error">{error}</Alert>}
          <DialogContentText>
            {row.upcomingClasses > 0
              ? `The ${plural(row.upcomingClasses, 'class', 'classes')} still to come ${row.upcomingClasses === 1 ? 'is' : 'are'} cancelled. Booked members are told and their spots released; classes already held stay in the records.`
              : 'No class of this series is still to come; it is marked cancelled.'}
          </DialogContentText>
          <TextField
            label="Reason (optional)"
            value={reason}
            onChange={(e) => setReason(e.target.value)}
            helperText="Included in the message to attendees."
            slotProps={{ htmlInput: { maxLength: 300 } }}
          />
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2.5 }}>
          <Button onClick={onClose}>Keep series</Button>
          <Button type="submit" color="error" variant="contained" disabled={loading}>
            {loading ? 'Cancelling…' : 'Cancel series'}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
