import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import InputAdornment from '@mui/material/InputAdornment';
import Switch from '@mui/material/Switch';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { Controller } from 'react-hook-form';
import { FormTextField, useSubmitRefusal, useZodForm } from '../../../app/forms';
import { useToast } from '../../../app/toast';
import { dialogFormSx } from '../../../components/classFormat';
import type { AdminPackFragment } from './adminMemberships.generated';
import { EMPTY_PACK, packForm, packInput, packValuesOf } from './membershipRules';
import { useCreateClassPackProduct } from './useCreateClassPackProduct';
import { useUpdateClassPackProduct } from './useUpdateClassPackProduct';

const SERVER_FIELDS = { priceCents: 'price' } as const;

/** Adds a class pack to the shop or changes one: N classes valid D days from purchase, at a price. */
export function PackDialog({ pack, onClose }: { pack: AdminPackFragment | null; onClose: () => void }) {
  const { toast } = useToast();
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
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
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" fullScreen={phone} aria-labelledby="pack-dialog-title">
      <DialogTitle id="pack-dialog-title">{pack ? `Edit ${pack.name}` : 'New class pack'}</DialogTitle>
      <Box component="form" noValidate onSubmit={submit} sx={dialogFormSx}>
        <DialogContent sx={{ pt: '8px !important', display: 'grid', gap: 2.25, alignContent: 'start' }}>
          {formError && <Alert severity="error">{formError}</Alert>}
          <FormTextField control={control} name="name" label="Name" required autoFocus placeholder="e.g. 10-class pack" />
          <FormTextField control={control} name="description" label="Description" multiline minRows={2} />
          <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr 1fr', sm: '1fr 1fr 1fr' } }}>
            <FormTextField
              control={control}
              name="price"
              label="Price"
              required
              slotProps={{
                input: { startAdornment: <InputAdornment position="start">$</InputAdornment> },
                htmlInput: { inputMode: 'decimal' },
              }}
            />
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
          <Controller
            control={control}
            name="active"
            render={({ field }) => (
              <FormControlLabel
                control={<Switch checked={field.value} onChange={(e) => field.onChange(e.target.checked)} />}
                label="On sale in the shop"
              />
            )}
          />
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2.5 }}>
          <Button onClick={onClose}>Close</Button>
          <Button type="submit" variant="contained" disabled={busy}>
            {busy ? 'Saving…' : pack ? 'Save' : 'Add class pack'}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
