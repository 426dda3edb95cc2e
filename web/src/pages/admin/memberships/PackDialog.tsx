import Box from '@mui/material/Box';
import { FormMoneyField, FormSwitch, FormTextField, useSubmitRefusal, useZodForm } from '../../../app/forms';
import { FormDialog } from '../../../components/FormDialog';
import { useToast } from '../../../app/toast';
import type { AdminPackFragment } from './adminMemberships.generated';
import { EMPTY_PACK, packForm, packInput, packValuesOf } from './membershipRules';
import { useCreateClassPackProduct } from './useCreateClassPackProduct';
import { useUpdateClassPackProduct } from './useUpdateClassPackProduct';

const SERVER_FIELDS = { priceCents: 'price' } as const;

/** Adds a class pack to the shop or changes one: N classes valid D days from purchase, at a price. */
export function PackDialog({ pack, onClose }: { pack: AdminPackFragment | null; onClose: () => void }) {
  const { toast } = useToast();
  const { control, handleSubmit, setError, getValues } = useZodForm(packForm, {
    defaultValues: pack ? packValuesOf(pack) : EMPTY_PACK,
  });
  const { formError, attempt } = useSubmitRefusal(setError, { rename: SERVER_FIELDS });
  const [create, { loading: creating }] = useCreateClassPackProduct();
  const [update, { loading: updating }] = useUpdateClassPackProduct();
  const busy = creating || updating;

  const submit = handleSubmit(async () => {
    await attempt(async () => {
      const values = getValues();
      if (pack) await update({ variables: { id: pack.id, input: packInput(values) } });
      else await create({ variables: { input: packInput(values) } });
      toast({
        title: pack ? 'Class pack saved' : 'Class pack added',
        description: `${values.name.trim()} is ${values.active ? 'in the shop' : 'saved (not on sale)'}.`,
        variant: 'success',
      });
      onClose();
    });
  });

  return (
    <FormDialog
      title={<>{pack ? `Edit ${pack.name}` : 'New class pack'}</>}
      onClose={onClose}
      onSubmit={submit}
      formError={formError}
      busy={busy}
      submitLabel={pack ? 'Save' : 'Add class pack'}
    >
      <FormTextField control={control} name="name" label="Name" required autoFocus placeholder="e.g. 10-class pack" />
      <FormTextField control={control} name="description" label="Description" multiline minRows={2} />
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr 1fr', sm: '1fr 1fr 1fr' } }}>
        <FormMoneyField control={control} name="price" label="Price" required />
        <FormTextField
          control={control}
          name="classes"
          label="Classes"
          type="number"
          required
          slotProps={{ htmlInput: { min: 1, max: 200 } }}
        />
        <FormTextField
          control={control}
          name="validDays"
          label="Valid for (days)"
          type="number"
          required
          helperText="From purchase."
          slotProps={{ htmlInput: { min: 1, max: 1095 } }}
        />
      </Box>
      <FormSwitch control={control} name="active" label="On sale in the shop" />
    </FormDialog>
  );
}
