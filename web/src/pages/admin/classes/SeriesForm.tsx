import { useQuery } from '@apollo/client/react';
import CheckCircleRounded from '@mui/icons-material/CheckCircleRounded';
import EventRepeatRounded from '@mui/icons-material/EventRepeatRounded';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Chip from '@mui/material/Chip';
import FormHelperText from '@mui/material/FormHelperText';
import MenuItem from '@mui/material/MenuItem';
import Typography from '@mui/material/Typography';
import { useMemo, useState } from 'react';
import { Controller } from 'react-hook-form';
import { FormDateField, FormTextField, useOnFormChange, useSubmitRefusal, useZodForm } from '../../../app/forms';
import { useToast } from '../../../app/toast';
import { WEEKDAYS } from '../../../components/classFormat';
import { levelLabel } from '../../../components/schedule/classLabels';
import { type CreateClassSeriesMutation, StudioClosuresDocument } from './classAdmin.generated';
import { ClassTypeDefaultFields, StartTimeField, useActiveClassTypes } from './classAdminShared';
import { initialSeries, seriesDates, seriesForm, seriesInput, toggleWeekday, weekdayNames } from './seriesRules';
import { formatDateWithYear, formatDay, formatTime } from '../../../app/dates';
import { useCreateClassSeries } from './useCreateClassSeries';

type SeriesResult = CreateClassSeriesMutation['createClassSeries'];

const SHOWN_DATES = 12;

function DateChips({ dates, label, color }: { dates: readonly string[]; label: string; color?: 'warning' }) {
  return (
    <Box component="ul" aria-label={label} sx={{ listStyle: 'none', p: 0, m: 0, display: 'flex', flexWrap: 'wrap', gap: 0.75 }}>
      {dates.slice(0, SHOWN_DATES).map((d) => (
        <li key={d}>
          <Chip size="small" variant="outlined" color={color} label={formatDay(d)} />
        </li>
      ))}
      {dates.length > SHOWN_DATES && (
        <li>
          <Chip size="small" label={`and ${dates.length - SHOWN_DATES} more`} />
        </li>
      )}
    </Box>
  );
}

/** What the server did: how many classes, which dates were skipped for closures. */
export function SeriesCreated({
  result,
  className,
  onView,
  onAnother,
  onDone,
}: {
  result: SeriesResult;
  className: string;
  onView: () => void;
  onAnother: () => void;
  onDone: () => void;
}) {
  const created = [...result.instances].map((i) => i.date).sort();
  return (
    <Card sx={{ p: { xs: 2, sm: 3 } }} role="status" aria-live="polite">
      <Box sx={{ display: 'flex', gap: 1.5, alignItems: 'flex-start', mb: 2 }}>
        <CheckCircleRounded color="success" sx={{ fontSize: 32 }} aria-hidden />
        <Box>
          <Typography component="h2" variant="h6">
            {created.length} {created.length === 1 ? 'class' : 'classes'} created
          </Typography>
          <Typography color="text.secondary">
            {className}, {weekdayNames(result.series.weekdays)} at {formatTime(result.series.startTime)},{' '}
            {formatDateWithYear(result.series.startDate)} – {formatDateWithYear(result.series.endDate)}.
          </Typography>
        </Box>
      </Box>
      <DateChips dates={created} label="Dates created" />
      <Box sx={{ mt: 2.5 }}>
        {result.skippedDates.length ? (
          <Alert severity="warning">
            <AlertTitle>
              {result.skippedDates.length} {result.skippedDates.length === 1 ? 'date' : 'dates'} skipped for studio closures
            </AlertTitle>
            <DateChips dates={result.skippedDates} label="Dates skipped" color="warning" />
          </Alert>
        ) : (
          <Typography variant="body2" color="text.secondary">
            No dates were skipped for closures.
          </Typography>
        )}
      </Box>
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', mt: 3 }}>
        <Button variant="contained" onClick={onView}>
          View in Classes table
        </Button>
        <Button onClick={onAnother}>Create another series</Button>
        <Button onClick={onDone}>Back to all series</Button>
      </Box>
    </Card>
  );
}

/** A new weekly series: the form with a live preview of its dates, then what the server created. */
export function SeriesForm({ onViewSeries, onDone }: { onViewSeries: (seriesId: string) => void; onDone: () => void }) {
  const { toast } = useToast();
  const { classTypes, loading: typesLoading } = useActiveClassTypes();
  const closures = useQuery(StudioClosuresDocument).data?.studioClosures;
  const form = seriesForm((id) => classTypes.find((t) => t.id === id));
  const { control, handleSubmit, setError, reset, watch, getValues } = useZodForm(form, { defaultValues: initialSeries() });
  const { formError, setFormError, attempt } = useSubmitRefusal(setError);
  useOnFormChange(watch, () => setFormError(null));
  const [result, setResult] = useState<{ data: SeriesResult; className: string } | null>(null);
  const [create, { loading }] = useCreateClassSeries();
  const values = watch();
  const classType = classTypes.find((t) => t.id === values.blueprintId) ?? null;
  // Not memoized: watch() hands back the form's live values, and a year of dates at most is quick to list.
  const dates = seriesDates(values);
  const closed = useMemo(() => new Map((closures ?? []).map((c) => [c.date, c.reason])), [closures]);
  const closedDates = dates.filter((d) => closed.has(d));

  const submit = handleSubmit(async () => {
    await attempt(async () => {
      const { data } = await create({ variables: { input: seriesInput(getValues()) } });
      if (!data) return;
      setResult({ data: data.createClassSeries, className: classType?.name ?? 'The series' });
      toast({
        title: 'Series created',
        description: `${data.createClassSeries.instances.length} classes were added to the schedule.`,
        variant: 'success',
      });
    });
  });

  if (result) {
    return (
      <SeriesCreated
        result={result.data}
        className={result.className}
        onView={() => onViewSeries(result.data.series.id)}
        onAnother={() => {
          setResult(null);
          reset(initialSeries());
        }}
        onDone={onDone}
      />
    );
  }

  return (
    <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', md: 'minmax(0, 1fr) 320px' }, alignItems: 'start' }}>
      <Card
        component="form"
        noValidate
        aria-labelledby="series-form-title"
        onSubmit={submit}
        sx={{ p: { xs: 2, sm: 3 }, display: 'grid', gap: 2.5 }}
      >
        <Box>
          <Typography id="series-form-title" component="h2" variant="h6">
            New weekly series
          </Typography>
          <Typography variant="body2" color="text.secondary">
            Pick a class type, the weekdays and a date range: one class is created on each matching date, except on studio closures.
          </Typography>
        </Box>
        {formError && <Alert severity="error">{formError}</Alert>}
        <FormTextField
          control={control}
          name="blueprintId"
          select
          label="Class type"
          required
          helperText={
            classType
              ? `${classType.apparatus.name} · ${levelLabel(classType.level)} · ${classType.durationMinutes} min · ${classType.defaultCapacity} spots · ${classType.price}`
              : typesLoading
                ? 'Loading class types…'
                : undefined
          }
        >
          {classTypes.map((t) => (
            <MenuItem key={t.id} value={t.id}>
              {t.name}
            </MenuItem>
          ))}
        </FormTextField>

        <Box component="fieldset" aria-describedby="weekdays-help" sx={{ border: 0, p: 0, m: 0, minWidth: 0 }}>
          <Typography component="legend" sx={{ fontWeight: 'fontWeightSemiBold', mb: 1 }}>
            Weekdays
          </Typography>
          <Controller
            control={control}
            name="weekdays"
            render={({ field, fieldState }) => (
              <>
                <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
                  {WEEKDAYS.map((d) => {
                    const on = field.value.includes(d.value);
                    return (
                      <Chip
                        key={d.value}
                        label={d.short}
                        title={d.long}
                        aria-pressed={on}
                        color={on ? 'primary' : 'default'}
                        variant={on ? 'filled' : 'outlined'}
                        onClick={() => field.onChange(toggleWeekday(field.value, d.value))}
                        sx={{ minWidth: 56, height: 40, borderRadius: '20px', fontSize: '0.95rem' }}
                      />
                    );
                  })}
                </Box>
                <FormHelperText id="weekdays-help" error={Boolean(fieldState.error)}>
                  {fieldState.error?.message ?? 'Choose one or more days.'}
                </FormHelperText>
              </>
            )}
          />
        </Box>

        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr 1fr' } }}>
          <StartTimeField control={control} required />
          <FormDateField control={control} name="startDate" label="First date" required />
          <FormDateField control={control} name="endDate" label="Last date" required min={values.startDate} />
        </Box>

        <ClassTypeDefaultFields control={control} classType={classType} defaultLabel="Class type default" />
        <Box sx={{ display: 'flex', justifyContent: 'flex-end', gap: 1, flexWrap: 'wrap-reverse' }}>
          <Button size="large" onClick={onDone} sx={{ width: { xs: '100%', sm: 'auto' } }}>
            Back to all series
          </Button>
          <Button
            type="submit"
            variant="contained"
            size="large"
            disabled={loading}
            startIcon={<EventRepeatRounded />}
            sx={{ width: { xs: '100%', sm: 'auto' } }}
          >
            {loading ? 'Creating…' : 'Create series'}
          </Button>
        </Box>
      </Card>

      <Card
        component="aside"
        aria-labelledby="series-preview-title"
        sx={{ p: { xs: 2, sm: 2.5 }, position: { md: 'sticky' }, top: { md: 88 } }}
      >
        <Typography id="series-preview-title" component="h2" variant="subtitle1">
          Preview
        </Typography>
        {values.weekdays.length && dates.length ? (
          <>
            <Typography variant="h4" component="p" sx={{ fontWeight: 'fontWeightExtraBold', color: 'primary.main', mt: 1 }}>
              {dates.length - closedDates.length}
            </Typography>
            <Typography color="text.secondary" sx={{ mb: 1.5 }}>
              {dates.length - closedDates.length === 1 ? 'class' : 'classes'}: {weekdayNames(values.weekdays)} at{' '}
              {values.startTime ? formatTime(values.startTime) : '—'}
            </Typography>
            {closedDates.length > 0 ? (
              <Alert severity="info" icon={false} sx={{ '& .MuiAlert-message': { width: '100%' } }}>
                <Typography variant="body2" sx={{ fontWeight: 'fontWeightBold', mb: 0.75 }}>
                  Skipped for closures
                </Typography>
                <Box component="ul" sx={{ m: 0, pl: 2.25 }}>
                  {closedDates.map((d) => (
                    <li key={d}>
                      <Typography variant="body2">
                        {formatDay(d)} — {closed.get(d)}
                      </Typography>
                    </li>
                  ))}
                </Box>
              </Alert>
            ) : (
              <Typography variant="body2" color="text.secondary">
                No studio closures in this range.
              </Typography>
            )}
          </>
        ) : (
          <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
            Pick weekdays and dates to see how many classes this creates.
          </Typography>
        )}
      </Card>
    </Box>
  );
}
