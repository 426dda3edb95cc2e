import { useQuery } from '@apollo/client/react';
import { closureReason, dateOnly } from '@studio/rules';
import AddRounded from '@mui/icons-material/AddRounded';
import DeleteOutlineRounded from '@mui/icons-material/DeleteOutlineRounded';
import EventBusyRounded from '@mui/icons-material/EventBusyRounded';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Skeleton from '@mui/material/Skeleton';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { z } from 'zod';
import { errorMessage } from '../../../app/errors';
import { FormDateField, FormTextField, useSubmitRefusal, useZodForm } from '../../../app/forms';
import { useToast } from '../../../app/toast';
import { EmptyState } from '../../../components/EmptyState';
import { StudioClosuresDocument, type StudioClosuresQuery } from './classAdmin.generated';
import { useAddStudioClosure } from './useAddStudioClosure';
import { useRemoveStudioClosure } from './useRemoveStudioClosure';
import { formatDateWithYear, formatLongDay, todayIso } from '../../../app/dates';

type Closure = StudioClosuresQuery['studioClosures'][number];

const closureForm = z.object({ date: dateOnly('Choose a date.'), reason: closureReason });

function ClosureList({
  title,
  closures,
  onRemove,
  removing,
}: {
  title: string;
  closures: Closure[];
  onRemove: (c: Closure) => void;
  removing: string | null;
}) {
  return (
    <Box component="section" aria-label={title}>
      <Typography component="h3" variant="overline" color="text.secondary" sx={{ px: 2, fontWeight: 'fontWeightBold' }}>
        {title}
      </Typography>
      <List dense disablePadding>
        {closures.map((c) => (
          <ListItem
            key={c.id}
            divider
            secondaryAction={
              <Tooltip title="Remove closure">
                <span>
                  <IconButton
                    edge="end"
                    onClick={() => onRemove(c)}
                    disabled={removing === c.id}
                    aria-label={`Remove closure on ${formatDateWithYear(c.date)}`}
                  >
                    <DeleteOutlineRounded />
                  </IconButton>
                </span>
              </Tooltip>
            }
          >
            <ListItemText
              primary={formatLongDay(c.date)}
              secondary={c.reason}
              slotProps={{ primary: { sx: { fontWeight: 'fontWeightSemiBold' } } }}
            />
          </ListItem>
        ))}
      </List>
    </Box>
  );
}

export function ClosuresTab() {
  const { toast } = useToast();
  const { data, loading, error } = useQuery(StudioClosuresDocument);
  const { control, handleSubmit, setError, reset } = useZodForm(closureForm, { defaultValues: { date: '', reason: '' } });
  const { formError, attempt } = useSubmitRefusal(setError);
  const [add, { loading: adding }] = useAddStudioClosure();
  const [remove] = useRemoveStudioClosure();
  const [removing, setRemoving] = useState<string | null>(null);

  const submit = handleSubmit(async (input) => {
    await attempt(async () => {
      await add({ variables: { input } });
      toast({ title: 'Closure added', description: `The studio is closed on ${formatDateWithYear(input.date)}.`, variant: 'success' });
      reset({ date: '', reason: '' });
    });
  });

  const onRemove = async (c: Closure) => {
    setRemoving(c.id);
    try {
      await remove({ variables: { id: c.id } });
      toast({
        title: 'Closure removed',
        description: `${formatDateWithYear(c.date)} is open again. Cancelled classes stay cancelled.`,
        variant: 'success',
      });
    } catch (err) {
      toast({ title: 'Could not remove the closure', description: errorMessage(err), variant: 'error' });
    } finally {
      setRemoving(null);
    }
  };

  const today = todayIso();
  const all = data?.studioClosures ?? [];
  const upcoming = all.filter((c) => c.date >= today);
  const past = all.filter((c) => c.date < today).reverse();

  return (
    <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', md: '340px minmax(0, 1fr)' }, alignItems: 'start' }}>
      <Card
        component="form"
        noValidate
        aria-labelledby="closure-form-title"
        onSubmit={submit}
        sx={{ p: { xs: 2, sm: 2.5 }, display: 'grid', gap: 2 }}
      >
        <Box>
          <Typography id="closure-form-title" component="h2" variant="subtitle1">
            Close the studio
          </Typography>
          <Typography variant="body2" color="text.secondary">
            New series skip this date. Classes already scheduled that day are cancelled and everyone booked is told.
          </Typography>
        </Box>
        {formError && <Alert severity="error">{formError}</Alert>}
        <FormDateField control={control} name="date" label="Date" required min={today} />
        <FormTextField control={control} name="reason" label="Reason" required helperText="e.g. Public holiday, Studio maintenance" />
        <Button type="submit" variant="contained" startIcon={<AddRounded />} disabled={adding}>
          {adding ? 'Adding…' : 'Add closure'}
        </Button>
      </Card>
      <Card sx={{ py: 1.5 }}>
        {error ? (
          <Alert severity="error" sx={{ mx: 2 }}>
            {errorMessage(error, 'Closures could not be loaded.')}
          </Alert>
        ) : loading ? (
          <Box sx={{ px: 2, display: 'grid', gap: 1 }}>
            <Skeleton height={48} />
            <Skeleton height={48} />
          </Box>
        ) : all.length === 0 ? (
          <EmptyState dense icon={<EventBusyRounded />} title="No closures">
            Add holidays and other days the studio is closed.
          </EmptyState>
        ) : (
          <Box sx={{ display: 'grid', gap: 2 }}>
            <ClosureList
              title={`Upcoming (${upcoming.length})`}
              closures={upcoming}
              onRemove={(c) => void onRemove(c)}
              removing={removing}
            />
            {past.length > 0 && (
              <ClosureList title={`Past (${past.length})`} closures={past} onRemove={(c) => void onRemove(c)} removing={removing} />
            )}
          </Box>
        )}
      </Card>
    </Box>
  );
}
