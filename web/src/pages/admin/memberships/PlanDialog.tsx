import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { Controller } from 'react-hook-form';
import { FormMoneyField, FormSwitch, FormTextField, useSubmitRefusal, useZodForm } from '../../../app/forms';
import { FormDialog } from '../../../components/FormDialog';
import { useToast } from '../../../app/toast';
import type { AdminPlanFragment } from './adminMemberships.generated';
import { EMPTY_PLAN, planForm, planInput, planValuesOf } from './membershipRules';
import { useCreateMembershipPlan } from './useCreateMembershipPlan';
import { useUpdateMembershipPlan } from './useUpdateMembershipPlan';

/** The API's field names where the form's differ. */
const SERVER_FIELDS = { priceCents: 'price', signUpFeeCents: 'signUpFee' } as const;

/** Adds a membership plan or changes one: price per month or year, classes a period, class types, family, sign-up fee. */
export function PlanDialog({
  plan,
  apparatuses,
  onClose,
}: {
  plan: AdminPlanFragment | null;
  apparatuses: readonly { id: string; name: string }[];
  onClose: () => void;
}) {
  const { toast } = useToast();
  const { control, handleSubmit, setError, getValues, watch } = useZodForm(planForm, {
    defaultValues: plan ? planValuesOf(plan) : EMPTY_PLAN,
  });
  const unlimited = watch('unlimited');
  const { formError, attempt } = useSubmitRefusal(setError, { rename: SERVER_FIELDS });
  const [create, { loading: creating }] = useCreateMembershipPlan();
  const [update, { loading: updating }] = useUpdateMembershipPlan();
  const busy = creating || updating;
  const names = new Map(apparatuses.map((a) => [a.id, a.name]));

  const submit = handleSubmit(async () => {
    await attempt(async () => {
      const values = getValues();
      if (plan) await update({ variables: { id: plan.id, input: planInput(values) } });
      else await create({ variables: { input: planInput(values) } });
      toast({
        title: plan ? 'Plan saved' : 'Plan added',
        description: `${values.name.trim()} is ${values.active ? 'offered on /memberships' : 'saved (not offered)'}.`,
        variant: 'success',
      });
      onClose();
    });
  });

  return (
    <FormDialog
      title={<>{plan ? `Edit ${plan.name}` : 'New plan'}</>}
      onClose={onClose}
      onSubmit={submit}
      formError={formError}
      busy={busy}
      submitLabel={plan ? 'Save' : 'Add plan'}
    >
      <FormTextField control={control} name="name" label="Name" required autoFocus placeholder="e.g. Unlimited monthly" />
      <FormTextField
        control={control}
        name="description"
        label="Description"
        multiline
        minRows={2}
        helperText="Shown on the plan's card on /memberships."
      />
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: '1fr 1fr' }}>
        <FormMoneyField control={control} name="price" label="Price" required />
        <FormTextField control={control} name="interval" select label="Billed every" required>
          <MenuItem value="month">Month</MenuItem>
          <MenuItem value="year">Year</MenuItem>
        </FormTextField>
      </Box>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: '1fr 1fr', alignItems: 'start' }}>
        <Controller
          control={control}
          name="unlimited"
          render={({ field }) => (
            <FormControlLabel
              sx={{ mt: 1 }}
              control={<Checkbox checked={field.value} onChange={(e) => field.onChange(e.target.checked)} />}
              label="Unlimited classes"
            />
          )}
        />
        {!unlimited && (
          <FormTextField
            control={control}
            name="classesPerPeriod"
            label="Classes per period"
            type="number"
            required
            slotProps={{ htmlInput: { min: 1, max: 500 } }}
          />
        )}
      </Box>
      <Controller
        control={control}
        name="coveredApparatusIds"
        render={({ field, fieldState }) => (
          <TextField
            select
            label="Class types covered"
            value={field.value}
            onChange={(e) => field.onChange(e.target.value as unknown as string[])}
            error={Boolean(fieldState.error)}
            helperText={fieldState.error?.message ?? 'None chosen: every class type.'}
            slotProps={{
              inputLabel: { shrink: true },
              select: {
                multiple: true,
                displayEmpty: true,
                renderValue: (ids) =>
                  (ids as string[]).length ? (ids as string[]).map((id) => names.get(id) ?? 'Removed').join(', ') : <em>Every class</em>,
              },
            }}
          >
            {apparatuses.map((a) => (
              <MenuItem key={a.id} value={a.id}>
                <Checkbox size="small" checked={field.value.includes(a.id)} sx={{ py: 0 }} />
                <ListItemText primary={a.name} />
              </MenuItem>
            ))}
          </TextField>
        )}
      />
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: '1fr 1fr' }}>
        <FormTextField
          control={control}
          name="familyMembers"
          label="Children also covered"
          type="number"
          helperText="0: the holder only."
          slotProps={{ htmlInput: { min: 0, max: 10 } }}
        />
        <FormMoneyField control={control} name="signUpFee" label="Sign-up fee" helperText="Charged once with the first payment." />
      </Box>
      <FormSwitch control={control} name="active" label="Offered to members (inactive plans keep their memberships)" />
    </FormDialog>
  );
}
