import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import MenuItem from '@mui/material/MenuItem';
import Typography from '@mui/material/Typography';
import { FormTextField, useSubmitRefusal, useZodForm } from '../../../app/forms';
import { FormToggleChoice } from '../../../components/FormToggleChoice';
import { FormDialog } from '../../../components/FormDialog';
import { useToast } from '../../../app/toast';
import type { AdminProductRowFragment } from './adminMerch.generated';
import { adjustForm, deltaOf, STOCK_REASONS, type AdjustValues } from './merchRules';
import { useAdjustStock } from './useAdjustStock';

/** The API names the change "delta"; the form asks for a quantity and a direction. */
const SERVER_FIELDS = { delta: 'quantity', variantId: 'variantId' } as const;

const DIRECTIONS = [
  ['add', 'Add'],
  ['remove', 'Take away'],
] as const;

/** Adds or takes away stock of one option, with the reason kept in the product's history. */
export function AdjustStockDialog({
  product,
  variantId,
  onClose,
}: {
  product: AdminProductRowFragment;
  variantId: string | null;
  onClose: () => void;
}) {
  const { toast } = useToast();
  const counted = product.variants.filter((v) => v.stock !== null);
  const stockOf = (id: string) => product.variants.find((v) => v.id === id)?.stock ?? null;
  const defaults: AdjustValues = {
    variantId: variantId ?? (counted.length === 1 ? counted[0].id : ''),
    direction: 'add',
    quantity: '',
    reason: '',
  };
  const { control, handleSubmit, setError, getValues, watch, setValue } = useZodForm(adjustForm(stockOf), { defaultValues: defaults });
  const { formError, attempt } = useSubmitRefusal(setError, { rename: SERVER_FIELDS });
  const [adjust, { loading }] = useAdjustStock();
  const [chosen, direction, quantity] = watch(['variantId', 'direction', 'quantity']);
  const stock = chosen ? stockOf(chosen) : null;
  const amount = /^\d+$/.test(quantity.trim()) ? Number(quantity.trim()) : null;
  const after = stock !== null && amount !== null ? stock + (direction === 'remove' ? -amount : amount) : null;
  const named = (id: string) => product.variants.find((v) => v.id === id)?.label ?? product.name;

  const submit = handleSubmit(async () => {
    await attempt(async () => {
      const values = getValues();
      const { data } = await adjust({ variables: { variantId: values.variantId, delta: deltaOf(values), reason: values.reason.trim() } });
      toast({
        title: 'Stock updated',
        description: `${named(values.variantId)}: ${data?.adjustStock.adjustment.stockAfter ?? after} in stock.`,
        variant: 'success',
      });
      onClose();
    });
  });

  return (
    <FormDialog
      title={<>Adjust stock · {product.name}</>}
      onClose={onClose}
      onSubmit={submit}
      formError={formError}
      busy={loading}
      submitLabel={'Save change'}
      maxWidth="xs"
    >
      {(counted.length > 1 || !defaults.variantId) && (
        <FormTextField control={control} name="variantId" select label="Option" required>
          {counted.map((v) => (
            <MenuItem key={v.id} value={v.id}>
              {v.label ?? product.name} · {v.stock} in stock
            </MenuItem>
          ))}
        </FormTextField>
      )}
      <FormToggleChoice control={control} name="direction" options={DIRECTIONS} aria-label="Add or take away" />
      <FormTextField
        control={control}
        name="quantity"
        label="How many"
        type="number"
        required
        autoFocus
        slotProps={{ htmlInput: { min: 1, inputMode: 'numeric' } }}
      />
      <Box sx={{ display: 'grid', gap: 1 }}>
        <FormTextField control={control} name="reason" label="Reason" required placeholder="e.g. Delivery from supplier" />
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.75 }} aria-label="Common reasons" role="group">
          {STOCK_REASONS.map((reason) => (
            <Chip
              key={reason}
              size="small"
              variant="outlined"
              label={reason}
              onClick={() => setValue('reason', reason, { shouldValidate: false, shouldDirty: true })}
            />
          ))}
        </Box>
      </Box>
      <Typography role="status" color={after !== null && after < 0 ? 'error' : 'text.secondary'} sx={{ minHeight: '1.5em' }}>
        {stock === null ? '' : after === null ? `${stock} in stock now.` : `${stock} in stock now → ${after} after this change.`}
      </Typography>
    </FormDialog>
  );
}
