import { useQuery } from '@apollo/client/react';
import { healthDetails, type HealthDetailsValues } from '@studio/rules';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import { useState } from 'react';
import { errorMessage } from '../../app/errors';
import { setServerErrors, useZodForm } from '../../app/forms';
import { useToast } from '../../app/toast';
import { HealthFields, healthValues } from '../../components/health/HealthFields';
import { useUpdateHealthDetails } from '../../components/health/useUpdateHealthDetails';
import { MyHealthDocument } from './profile.generated';

function HealthForm({ personId, saved }: { personId: string; saved: HealthDetailsValues }) {
  const { toast } = useToast();
  const [save, { loading }] = useUpdateHealthDetails();
  const { control, handleSubmit, setError, reset } = useZodForm(healthDetails, { defaultValues: saved });
  const [formError, setFormError] = useState<string | null>(null);
  const submit = handleSubmit(async (input) => {
    setFormError(null);
    try {
      await save({ variables: { personId, input } });
      reset(input);
      toast({
        title: 'Health details saved',
        description: 'The instructors of your classes see them on their roster.',
        variant: 'success',
      });
    } catch (err) {
      if (!Object.keys(setServerErrors(err, setError)).length) setFormError(errorMessage(err));
    }
  });
  return (
    <Box component="form" noValidate onSubmit={submit} aria-label="Health and emergency details" sx={{ display: 'grid', gap: 2.25 }}>
      {formError && <Alert severity="error">{formError}</Alert>}
      <HealthFields control={control} who="you" titled={false} />
      <Box>
        <Button type="submit" variant="contained" disabled={loading}>
          {loading ? 'Saving…' : 'Save health details'}
        </Button>
      </Box>
    </Box>
  );
}

/** A member's own allergies, medical notes and emergency contact. */
export function HealthSection() {
  const { data } = useQuery(MyHealthDocument, { fetchPolicy: 'cache-and-network' });
  if (!data?.me) return <Skeleton variant="rounded" height={220} />;
  return <HealthForm key={data.me.id} personId={data.me.id} saved={healthValues(data.me.health)} />;
}
