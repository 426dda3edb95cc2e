import AddRounded from '@mui/icons-material/AddRounded';
import DeleteOutlineRounded from '@mui/icons-material/DeleteOutlineRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import { useMutation } from '@apollo/client/react';
import { useFieldArray } from 'react-hook-form';
import { todayIso } from '../../../app/dates';
import { FormDateField, FormSwitch, FormTextField, useSubmitRefusal, useZodForm } from '../../../app/forms';
import { useToast } from '../../../app/toast';
import { FormDialog } from '../../../components/FormDialog';
import { EMPTY_MEMBER, memberForm, memberInput } from './memberForm';
import { CreateMemberDocument } from './users.generated';

/** A walk-in at the front desk: an adult member, or a parent with their children; they choose a password by email. */
export function NewMemberDialog({
  onClose,
  onCreated,
}: {
  onClose: () => void;
  onCreated: (member: { id: string; username?: string | null }) => void;
}) {
  const { toast } = useToast();
  const today = todayIso();
  const { control, handleSubmit, setError, getValues } = useZodForm(memberForm(today), { defaultValues: EMPTY_MEMBER });
  const { fields, append, remove } = useFieldArray({ control, name: 'children' });
  const { formError, attempt } = useSubmitRefusal(setError);
  const [create, { loading }] = useMutation(CreateMemberDocument, {
    // The new account may sort onto any page and changes the totals: the tables ask again.
    update(cache) {
      cache.evict({ fieldName: 'users' });
      cache.evict({ fieldName: 'adminStudents' });
      cache.gc();
    },
  });

  const submit = handleSubmit(async () => {
    await attempt(async () => {
      const values = getValues();
      const { data } = await create({ variables: { input: memberInput(values) } });
      const made = data!.createMember;
      toast({
        title: 'Member added',
        description: values.sendPasswordLink
          ? `${made.firstName} (@${made.username}) gets an email to choose a password.`
          : `${made.firstName} is signed up as @${made.username}.`,
        variant: 'success',
      });
      onCreated(made);
    });
  });
  return (
    <FormDialog
      title="New member"
      onClose={onClose}
      onSubmit={submit}
      formError={formError}
      busy={loading}
      submitLabel="Add member"
      closeLabel="Cancel"
    >
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
        <FormTextField control={control} name="firstName" label="First name" required autoFocus />
        <FormTextField control={control} name="lastName" label="Last name" required />
        <FormTextField control={control} name="email" label="Email" type="email" required />
        <FormTextField control={control} name="phone" label="Phone" type="tel" />
        <FormDateField control={control} name="birthday" label="Birthday" required max={today} />
        <FormTextField control={control} name="username" label="Username" helperText="Made from the email when left empty." />
      </Box>
      <Box>
        <Typography component="h3" variant="subtitle2" sx={{ mb: 1 }}>
          Children {fields.length ? `(${fields.length})` : ''}
        </Typography>
        {fields.length === 0 && (
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
            Adding a child makes this a parent account; children book through it and need no login.
          </Typography>
        )}
        {fields.map((field, i) => (
          <Box
            key={field.id}
            sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: { xs: '1fr 1fr auto', sm: '1fr 1fr 1fr auto' }, mb: 1.5 }}
          >
            <FormTextField control={control} name={`children.${i}.firstName`} label={`Child ${i + 1} first name`} required />
            <FormTextField control={control} name={`children.${i}.lastName`} label="Last name" placeholder="Parent's" />
            <FormDateField control={control} name={`children.${i}.birthday`} label="Birthday" required max={today} />
            <IconButton aria-label={`Remove child ${i + 1}`} onClick={() => remove(i)} sx={{ alignSelf: 'start', mt: 0.5 }}>
              <DeleteOutlineRounded />
            </IconButton>
          </Box>
        ))}
        <Button
          startIcon={<AddRounded />}
          onClick={() => append({ firstName: '', lastName: '', birthday: '' })}
          disabled={fields.length >= 12}
        >
          Add a child
        </Button>
      </Box>
      <FormSwitch control={control} name="sendPasswordLink" label="Email a link to choose a password (valid 7 days)" />
    </FormDialog>
  );
}
