import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useMutation } from '@apollo/client/react';
import { todayIso } from '../../../app/dates';
import { FormTextField, useSubmitRefusal, useZodForm } from '../../../app/forms';
import { BirthdayField } from '../../../components/AccountFields';
import { profileDetailsForm } from '../../auth/authForms';
import { UpdateUserProfileDocument, type AdminUserRowFragment } from './users.generated';

type Details = { firstName: string; lastName: string; email: string; phone: string; birthday: string };

const detailsOf = (user: AdminUserRowFragment): Details => ({
  firstName: user.firstName,
  lastName: user.lastName,
  email: user.email ?? '',
  phone: user.phone ?? '',
  birthday: user.birthday,
});

/**
 * The drawer's profile edit: names, email, phone and birthday with the shared field rules (the member's own /profile
 * uses the same form rules); only changed fields are sent, an emptied phone removes it.
 */
export function UserProfileForm({ user, onDone }: { user: AdminUserRowFragment; onDone: (saved: boolean) => void }) {
  const today = todayIso();
  const initial = detailsOf(user);
  const { control, handleSubmit, setError, getValues } = useZodForm(profileDetailsForm(today), { defaultValues: initial });
  const { formError, attempt } = useSubmitRefusal(setError);
  // The answer is the row itself: the grid and the drawer show the change from the cache.
  const [update, { loading }] = useMutation(UpdateUserProfileDocument);

  const submit = handleSubmit(async () => {
    const values = getValues();
    const changed = (Object.keys(initial) as (keyof Details)[]).filter((k) => values[k].trim() !== initial[k].trim());
    if (!changed.length) return onDone(false);
    await attempt(async () => {
      await update({ variables: { id: user.id, input: Object.fromEntries(changed.map((k) => [k, values[k].trim()])) } });
      onDone(true);
    });
  });

  return (
    <Box
      component="form"
      noValidate
      aria-label="Edit profile"
      onSubmit={submit}
      sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, mb: 2.5 }}
    >
      {formError && (
        <Alert severity="error" sx={{ gridColumn: '1 / -1' }}>
          {formError}
        </Alert>
      )}
      <FormTextField control={control} name="firstName" label="First name" required size="small" />
      <FormTextField control={control} name="lastName" label="Last name" required size="small" />
      <FormTextField control={control} name="email" label="Email" type="email" required size="small" sx={{ gridColumn: '1 / -1' }} />
      <FormTextField control={control} name="phone" label="Phone" type="tel" size="small" />
      <BirthdayField control={control} today={today} size="small" />
      <Box sx={{ gridColumn: '1 / -1', display: 'flex', justifyContent: 'flex-end', gap: 1 }}>
        <Button onClick={() => onDone(false)}>Cancel</Button>
        <Button type="submit" variant="contained" disabled={loading}>
          {loading ? 'Saving…' : 'Save'}
        </Button>
      </Box>
    </Box>
  );
}
