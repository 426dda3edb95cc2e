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
import { Controller } from 'react-hook-form';
import { errorMessage } from '../../../app/errors';
import { FormTextField, useOnFormChange, useSubmitRefusal, useZodForm } from '../../../app/forms';
import { useToast } from '../../../app/toast';
import { dialogFormSx, plural } from '../../../components/classFormat';
import { levelLabel } from '../../../components/schedule/classLabels';
import { type SeriesRowFragment } from './classAdmin.generated';
import { NOTHING_CHANGED } from './classEditRules';
import { InstructorSelect } from './classAdminShared';
import { seriesChanges, seriesEditForm, seriesEditValuesOf, weekdayNames } from './seriesRules';
import { formatDateWithYear, formatTime, todayIso } from '../../../app/dates';
import { useCancelClassSeries } from './useCancelClassSeries';
import { useUpdateClassSeries } from './useUpdateClassSeries';

function SeriesSummary({ row }: { row: SeriesRowFragment }) {
  return (
    <Box sx={{ p: 1.5, borderRadius: '10px', bgcolor: 'background.default', border: 1, borderColor: 'divider' }}>
      <Typography sx={{ fontWeight: 'fontWeightBold' }}>{row.blueprint.name}</Typography>
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
  const { control, handleSubmit, setError, watch, getValues, formState } = useZodForm(seriesEditForm(row), { defaultValues: original });
  const { formError, setFormError, attempt } = useSubmitRefusal(setError);
  useOnFormChange(watch, () => setFormError(null));
  const [update, { loading }] = useUpdateClassSeries();

  const submit = handleSubmit(async () => {
    const input = seriesChanges(original, getValues());
    if (!Object.keys(input).length) {
      setFormError(NOTHING_CHANGED);
      return;
    }
    await attempt(async () => {
      const { data } = await update({ variables: { id: row.id, input } });
      const upcoming = data?.updateClassSeries.upcomingClasses ?? row.upcomingClasses;
      toast({
        title: 'Series updated',
        description: `${row.blueprint.name}: ${plural(upcoming, 'class', 'classes')} to come follow the changes.`,
        variant: 'success',
      });
      onClose();
    });
  });

  const endDate = watch('endDate');
  const shorter = endDate < row.endDate && !formState.errors.endDate;
  const longer = endDate > row.endDate && !formState.errors.endDate;
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="edit-series-title">
      <DialogTitle id="edit-series-title">Edit series</DialogTitle>
      <Box component="form" noValidate onSubmit={submit} sx={dialogFormSx}>
        <DialogContent sx={{ pt: '4px !important', display: 'grid', gap: 2.25 }}>
          <SeriesSummary row={row} />
          <DialogContentText variant="body2">
            Changes apply to the {plural(row.upcomingClasses, 'class', 'classes')} of this series not yet started; classes already held stay
            as they were. Booked members are told about a new time.
          </DialogContentText>
          {formError && <Alert severity="error">{formError}</Alert>}
          <Controller
            control={control}
            name="instructorId"
            render={({ field, fieldState }) => (
              <InstructorSelect
                label="Instructor"
                value={field.value}
                onChange={field.onChange}
                error={Boolean(fieldState.error)}
                helperText={fieldState.error?.message}
              />
            )}
          />
          <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr 1fr' } }}>
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
              slotProps={{ inputLabel: { shrink: true }, htmlInput: { min: 1, max: 200 } }}
            />
            <FormTextField
              control={control}
              name="endDate"
              label="Last date"
              type="date"
              slotProps={{ inputLabel: { shrink: true }, htmlInput: { min: todayIso() > row.startDate ? todayIso() : row.startDate } }}
            />
          </Box>
          {shorter && (
            <Alert severity="warning">
              Classes after {formatDateWithYear(endDate)} are cancelled; their booked members are told and their spots released.
            </Alert>
          )}
          {longer && (
            <Alert severity="info">
              Classes are added on {weekdayNames(row.weekdays)} up to {formatDateWithYear(endDate)}, except on studio closures.
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
      <DialogTitle id="cancel-series-title">Cancel this series?</DialogTitle>
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
