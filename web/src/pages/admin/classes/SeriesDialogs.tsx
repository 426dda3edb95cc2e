import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import DialogContentText from '@mui/material/DialogContentText';
import { FormDateField, useOnFormChange, useSubmitRefusal, useZodForm } from '../../../app/forms';
import { useToast } from '../../../app/toast';
import { plural } from '../../../components/classFormat';
import { levelLabel } from '../../../components/schedule/classLabels';
import { type SeriesRowFragment } from './classAdmin.generated';
import { NOTHING_CHANGED } from './classEditRules';
import { CapacityField, InstructorField, StartTimeField } from './classAdminShared';
import { seriesChanges, seriesEditForm, seriesEditValuesOf, weekdayNames } from './seriesRules';
import { formatDateWithYear, formatTime, todayIso } from '../../../app/dates';
import { useCancelClassSeries } from './useCancelClassSeries';
import { useUpdateClassSeries } from './useUpdateClassSeries';
import { FormDialog } from '../../../components/FormDialog';
import { CancelScheduleDialog, ScheduleSummary } from './CancelScheduleDialog';

function SeriesSummary({ row }: { row: SeriesRowFragment }) {
  return (
    <ScheduleSummary
      name={row.blueprint.name}
      line={`${weekdayNames(row.weekdays)} at ${formatTime(row.startTime)} · ${formatDateWithYear(row.startDate)} – ${formatDateWithYear(row.endDate)} · ${row.blueprint.apparatus.name}, ${levelLabel(row.blueprint.level)}`}
    />
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
    <FormDialog title="Edit series" onClose={onClose} onSubmit={submit} formError={formError} busy={loading} submitLabel="Save series">
      <SeriesSummary row={row} />
      <DialogContentText variant="body2">
        Changes apply to the {plural(row.upcomingClasses, 'class', 'classes')} of this series not yet started; classes already held stay as
        they were. Booked members are told about a new time.
      </DialogContentText>
      <InstructorField control={control} />
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr 1fr' } }}>
        <StartTimeField control={control} />
        <CapacityField control={control} />
        <FormDateField control={control} name="endDate" label="Last date" min={todayIso() > row.startDate ? todayIso() : row.startDate} />
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
    </FormDialog>
  );
}

/** Cancels every class of a series not yet started; the series stays listed as cancelled. */
export function CancelSeriesDialog({ row, onClose }: { row: SeriesRowFragment; onClose: () => void }) {
  const { toast } = useToast();
  const [cancel] = useCancelClassSeries();
  return (
    <CancelScheduleDialog
      what="series"
      summary={<SeriesSummary row={row} />}
      consequence={
        row.upcomingClasses > 0
          ? `The ${plural(row.upcomingClasses, 'class', 'classes')} still to come ${row.upcomingClasses === 1 ? 'is' : 'are'} cancelled. Booked members are told and their spots released; classes already held stay in the records.`
          : 'No class of this series is still to come; it is marked cancelled.'
      }
      reasonHelp="Included in the message to attendees."
      cancel={async (reason) => {
        await cancel({ variables: { id: row.id, reason } });
        toast({
          title: 'Series cancelled',
          description: `${row.blueprint.name}: ${plural(row.upcomingClasses, 'class', 'classes')} cancelled.`,
          variant: 'success',
        });
      }}
      onClose={onClose}
    />
  );
}
