import AddRounded from '@mui/icons-material/AddRounded';
import DeleteOutlineRounded from '@mui/icons-material/DeleteOutlineRounded';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { MAX_PRODUCT_VARIANTS } from '@studio/rules';
import { Controller, useFieldArray } from 'react-hook-form';
import { FormMoneyField, FormTextField, useSubmitRefusal, useZodForm } from '../../../app/forms';
import { FormDialog } from '../../../components/FormDialog';
import { useToast } from '../../../app/toast';
import type { AdminProductRowFragment } from './adminMerch.generated';
import { CATEGORY_LABELS, EMPTY_PRODUCT, newVariant, productForm, productInput, productValuesOf, stockText } from './merchRules';
import { useCreateProduct } from './useCreateProduct';
import { useUpdateProduct } from './useUpdateProduct';

/** The API names the price field priceCents; the form shows it as "price". */
const SERVER_FIELDS = { priceCents: 'price' } as const;

/** Adds a product or changes one: details, price, low-stock level and its options (sizes, colours). */
export function ProductDialog({
  product,
  onClose,
  onCreated,
}: {
  product: AdminProductRowFragment | null;
  onClose: () => void;
  onCreated?: (id: string) => void;
}) {
  const { toast } = useToast();
  const { control, handleSubmit, setError, getValues, formState } = useZodForm(productForm, {
    defaultValues: product ? productValuesOf(product) : EMPTY_PRODUCT,
  });
  const variants = useFieldArray({ control, name: 'variants' });
  // Field messages show on their fields (a problem with the options above the options).
  const { formError, attempt } = useSubmitRefusal(setError, { rename: SERVER_FIELDS });
  const [create, { loading: creating }] = useCreateProduct();
  const [update, { loading: updating }] = useUpdateProduct();
  const busy = creating || updating;
  const currentStock = new Map(product?.variants.map((v) => [v.id, v.stock]) ?? []);

  const submit = handleSubmit(async () => {
    const values = getValues();
    await attempt(async () => {
      if (product) await update({ variables: { id: product.id, input: productInput(values) } });
      else {
        const { data } = await create({ variables: { input: productInput(values) } });
        if (data) onCreated?.(data.createProduct.id);
      }
      toast({
        title: product ? 'Product saved' : 'Product added',
        description: `${values.name.trim()} is ${product && !product.active ? 'saved (still archived)' : 'in the shop'}.`,
        variant: 'success',
      });
      onClose();
    });
  });
  const variantsProblem = formState.errors.variants?.root?.message ?? formState.errors.variants?.message;

  return (
    <FormDialog
      title={<>{product ? `Edit ${product.name}` : 'New product'}</>}
      onClose={onClose}
      onSubmit={submit}
      formError={formError}
      busy={busy}
      submitLabel={product ? 'Save' : 'Add product'}
      maxWidth="md"
    >
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '2fr 1fr' } }}>
        <FormTextField control={control} name="name" label="Name" required autoFocus placeholder="e.g. Studio tee" />
        <FormTextField control={control} name="category" select label="Category" required>
          {Object.entries(CATEGORY_LABELS).map(([value, label]) => (
            <MenuItem key={value} value={value}>
              {label}
            </MenuItem>
          ))}
        </FormTextField>
      </Box>
      <FormTextField
        control={control}
        name="description"
        label="Description"
        multiline
        minRows={2}
        helperText="Shown on the shop's card."
      />
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr 1fr', sm: '1fr 1fr 2fr' } }}>
        <FormMoneyField control={control} name="price" label="Price" required />
        <FormTextField
          control={control}
          name="lowStockThreshold"
          label="Low-stock level"
          type="number"
          helperText="Admins are told once at or below this. Empty: never."
          slotProps={{ htmlInput: { min: 0, max: 10000 } }}
        />
      </Box>

      <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, display: 'grid', gap: 1.25 }}>
        <Box sx={{ display: 'flex', alignItems: 'baseline', justifyContent: 'space-between', gap: 1, flexWrap: 'wrap' }}>
          <Typography component="legend" sx={{ fontWeight: 'fontWeightBold', p: 0 }}>
            Options and stock
          </Typography>
          <Typography variant="body2" color="text.secondary">
            Sizes or colours, each with its own stock. A product without options has one, unnamed.
          </Typography>
        </Box>
        {variantsProblem && <Alert severity="error">{variantsProblem}</Alert>}
        {variants.fields.map((field, index) => {
          const existing = getValues(`variants.${index}.id`);
          const existingStock = existing ? currentStock.get(existing) : undefined;
          return (
            <Box
              key={field.id}
              role="group"
              aria-label={`Option ${index + 1}`}
              sx={{
                display: 'grid',
                gap: 1.5,
                alignItems: 'start',
                gridTemplateColumns: { xs: '1fr auto', sm: '1.3fr 1.7fr 1.2fr auto' },
                gridTemplateAreas: { xs: '"label remove" "stock stock" "level level"', sm: '"label stock level remove"' },
                p: 1.5,
                border: 1,
                borderColor: 'divider',
                borderRadius: '12px',
              }}
            >
              <FormTextField
                control={control}
                name={`variants.${index}.label`}
                label="Option"
                size="small"
                placeholder={variants.fields.length > 1 ? 'e.g. M' : 'None'}
                sx={{ gridArea: 'label' }}
              />
              {existing ? (
                <Box sx={{ gridArea: 'stock', pt: 0.5 }}>
                  <Typography variant="body2" sx={{ fontWeight: 'fontWeightSemiBold' }}>
                    {stockText(existingStock ?? null)}
                  </Typography>
                  <Typography variant="caption" color="text.secondary">
                    {existingStock === null ? 'Not counted' : 'Change with Adjust stock'}
                  </Typography>
                </Box>
              ) : (
                <Controller
                  control={control}
                  name={`variants.${index}.unlimited`}
                  render={({ field: unlimited }) => (
                    <Box sx={{ gridArea: 'stock', display: 'flex', alignItems: 'flex-start', gap: 0.5 }}>
                      <FormTextField
                        control={control}
                        name={`variants.${index}.stock`}
                        label="Stock"
                        type="number"
                        size="small"
                        disabled={unlimited.value}
                        slotProps={{ htmlInput: { min: 0 } }}
                        sx={{ flex: 1, minWidth: 72 }}
                      />
                      <Tooltip title="Not counted, e.g. water from the tap">
                        <FormControlLabel
                          sx={{ mr: 0, ml: 0.5, '& .MuiFormControlLabel-label': { fontSize: '0.8rem' } }}
                          control={
                            <Checkbox size="small" checked={unlimited.value} onChange={(e) => unlimited.onChange(e.target.checked)} />
                          }
                          label="Unlimited"
                        />
                      </Tooltip>
                    </Box>
                  )}
                />
              )}
              <FormTextField
                control={control}
                name={`variants.${index}.lowStockThreshold`}
                label="Own low level"
                type="number"
                size="small"
                placeholder="Product's"
                slotProps={{ htmlInput: { min: 0 }, inputLabel: { shrink: true } }}
                sx={{ gridArea: 'level' }}
              />
              <Tooltip title={variants.fields.length === 1 ? 'A product needs one option' : 'Remove option'}>
                <Box component="span" sx={{ gridArea: 'remove' }}>
                  <IconButton
                    aria-label={`Remove option ${index + 1}`}
                    disabled={variants.fields.length === 1}
                    onClick={() => variants.remove(index)}
                  >
                    <DeleteOutlineRounded />
                  </IconButton>
                </Box>
              </Tooltip>
            </Box>
          );
        })}
        <Box>
          <Button
            startIcon={<AddRounded />}
            onClick={() => variants.append(newVariant())}
            disabled={variants.fields.length >= MAX_PRODUCT_VARIANTS}
          >
            Add option
          </Button>
        </Box>
        {product && (
          <Typography variant="body2" color="text.secondary">
            Removing an option takes it out of carts; its stock history stays with the product.
          </Typography>
        )}
      </Box>
    </FormDialog>
  );
}
