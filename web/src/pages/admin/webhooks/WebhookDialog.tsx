import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Typography from '@mui/material/Typography';
import { WEBHOOK_EVENT_LABELS, WEBHOOK_EVENT_TYPES, webhookEndpointForm, type WebhookEventType } from '@studio/rules';
import { useController } from 'react-hook-form';
import { FormTextField, useSubmitRefusal, useZodForm } from '../../../app/forms';
import { useToast } from '../../../app/toast';
import { FormDialog } from '../../../components/FormDialog';
import type { AdminWebhookEndpointFragment } from './webhooks.generated';
import { useCreateWebhookEndpoint, useUpdateWebhookEndpoint } from './useWebhookMutations';

/** Registers an endpoint (its secret is then shown once, by the caller) or edits its address, description and events. */
export function WebhookDialog({
  endpoint,
  onClose,
  onCreated,
}: {
  endpoint: AdminWebhookEndpointFragment | null;
  onClose: () => void;
  onCreated: (secret: string, endpoint: AdminWebhookEndpointFragment) => void;
}) {
  const { toast } = useToast();
  const { control, handleSubmit, setError } = useZodForm(webhookEndpointForm, {
    defaultValues: endpoint
      ? { url: endpoint.url, description: endpoint.description, eventTypes: endpoint.eventTypes as WebhookEventType[] }
      : { url: '', description: '', eventTypes: [] },
  });
  const { formError, attempt } = useSubmitRefusal(setError);
  const [create, creating] = useCreateWebhookEndpoint();
  const [update, updating] = useUpdateWebhookEndpoint();
  const events = useController({ control, name: 'eventTypes' });
  const chosen = new Set(events.field.value);

  const submit = handleSubmit(async (values) => {
    await attempt(async () => {
      if (endpoint) {
        await update({ variables: { id: endpoint.id, input: values } });
        toast({ title: 'Endpoint saved', variant: 'success' });
        onClose();
      } else {
        const made = (await create({ variables: { input: values } })).data!.createWebhookEndpoint;
        onCreated(made.secret, made.endpoint);
      }
    });
  });

  const toggle = (type: WebhookEventType, on: boolean) =>
    events.field.onChange(WEBHOOK_EVENT_TYPES.filter((t) => (t === type ? on : chosen.has(t))));

  return (
    <FormDialog
      title={endpoint ? 'Edit endpoint' : 'New webhook endpoint'}
      onClose={onClose}
      onSubmit={submit}
      formError={formError}
      busy={creating.loading || updating.loading}
      submitLabel={endpoint ? 'Save' : 'Create endpoint'}
      closeLabel="Cancel"
    >
      <FormTextField
        control={control}
        name="url"
        label="Address"
        required
        autoFocus
        placeholder="https://example.com/webhooks"
        slotProps={{ htmlInput: { inputMode: 'url', spellCheck: false } }}
      />
      <FormTextField control={control} name="description" label="Description" helperText="Who receives it, for the admins" />
      <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, minWidth: 0 }} aria-invalid={Boolean(events.fieldState.error)}>
        <Typography component="legend" variant="subtitle2" sx={{ mb: 0.5 }}>
          Events
        </Typography>
        <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, columnGap: 2 }}>
          {WEBHOOK_EVENT_TYPES.map((type) => (
            <FormControlLabel
              key={type}
              sx={{ alignItems: 'flex-start', m: 0, py: 0.25 }}
              control={
                <Checkbox size="small" checked={chosen.has(type)} onChange={(e) => toggle(type, e.target.checked)} sx={{ mt: -0.5 }} />
              }
              label={
                <Box sx={{ minWidth: 0 }}>
                  <Typography variant="body2" sx={{ fontFamily: 'monospace' }}>
                    {type}
                  </Typography>
                  <Typography variant="caption" color="text.secondary">
                    {WEBHOOK_EVENT_LABELS[type]}
                  </Typography>
                </Box>
              }
            />
          ))}
        </Box>
        {events.fieldState.error && <FormHelperText error>{events.fieldState.error.message}</FormHelperText>}
      </Box>
    </FormDialog>
  );
}
