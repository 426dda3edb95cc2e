import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Typography from '@mui/material/Typography';
import { API_SCOPE_GROUPS, API_SCOPES, type ApiScope } from '@studio/rules';
import { useController } from 'react-hook-form';
import { FormDateField, FormTextField, useSubmitRefusal, useZodForm } from '../../../app/forms';
import { FormDialog } from '../../../components/FormDialog';
import { EMPTY_API_KEY, apiKeyForm, apiKeyInput } from './apiKeyForm';
import type { AdminApiKeyRowFragment } from './apiKeys.generated';
import { useCreateApiKey } from './useApiKeyMutations';

const AREA_LABELS: Record<string, string> = {
  schedule: 'Schedule',
  bookings: 'Bookings',
  members: 'Members',
  moves: 'Moves',
  commerce: 'Shop and billing',
  messages: 'Messages',
  studio: 'Studio',
  reports: 'Reports',
};

/** "read", "write", "personal data": what a scope adds within its area. */
const scopeLabel = (scope: ApiScope) => ({ read: 'Read', write: 'Write', pii: 'Personal data' })[scope.split(':')[1]] ?? scope;

/** Makes a key: a name, its scopes by area, an optional last day and trusted documents; answers the key made. */
export function ApiKeyDialog({
  onClose,
  onCreated,
}: {
  onClose: () => void;
  onCreated: (key: AdminApiKeyRowFragment, secret: string) => void;
}) {
  const { control, handleSubmit, setError } = useZodForm(apiKeyForm, { defaultValues: EMPTY_API_KEY });
  const { formError, attempt } = useSubmitRefusal(setError);
  const [create, creating] = useCreateApiKey();
  const scopes = useController({ control, name: 'scopes' });
  const chosen = new Set(scopes.field.value);
  const toggle = (scope: ApiScope, on: boolean) =>
    scopes.field.onChange(on ? [...scopes.field.value, scope] : scopes.field.value.filter((s) => s !== scope));

  const submit = handleSubmit(async (values) => {
    await attempt(async () => {
      const made = (await create({ variables: { input: apiKeyInput(values) } })).data!.createApiKey;
      onCreated(made.apiKey, made.secret);
    });
  });

  return (
    <FormDialog
      title="New API key"
      onClose={onClose}
      onSubmit={submit}
      formError={formError}
      busy={creating.loading}
      busyLabel="Creating…"
      submitLabel="Create key"
      closeLabel="Cancel"
      maxWidth="md"
    >
      <FormTextField
        control={control}
        name="name"
        label="Name"
        helperText="The integration it is for; its actions are recorded under this name."
        required
        autoFocus
      />
      <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, minWidth: 0 }}>
        <Typography component="legend" variant="subtitle2" sx={{ mb: 0.5 }}>
          Scopes
        </Typography>
        <Box sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', md: '1fr 1fr 1fr' } }}>
          {API_SCOPE_GROUPS.map(({ area, scopes: inArea }) => (
            <Box key={area} role="group" aria-label={AREA_LABELS[area] ?? area}>
              <Typography variant="body2" sx={{ fontWeight: 'fontWeightSemiBold' }}>
                {AREA_LABELS[area] ?? area}
              </Typography>
              {inArea.map((scope) => (
                <FormControlLabel
                  key={scope}
                  sx={{ display: 'flex', alignItems: 'flex-start', mr: 0 }}
                  control={
                    <Checkbox
                      size="small"
                      checked={chosen.has(scope)}
                      onChange={(e) => toggle(scope, e.target.checked)}
                      sx={{ pt: 0.25 }}
                    />
                  }
                  label={
                    <Box>
                      <Typography variant="body2">
                        {scopeLabel(scope)} <code>{scope}</code>
                      </Typography>
                      <Typography variant="caption" color="text.secondary">
                        {API_SCOPES[scope]}
                      </Typography>
                    </Box>
                  }
                />
              ))}
            </Box>
          ))}
        </Box>
        {scopes.fieldState.error && <FormHelperText error>{scopes.fieldState.error.message}</FormHelperText>}
      </Box>
      <FormDateField
        control={control}
        name="expiresOn"
        label="Expires on"
        helperText="Optional: the key stops working as this day begins (studio time)."
      />
      <FormTextField
        control={control}
        name="trustedDocuments"
        label="Trusted documents"
        multiline
        minRows={2}
        maxRows={10}
        helperText="Optional: the only GraphQL documents the key may run, exactly as the integration sends them; separate them with a line holding ---."
        slotProps={{ htmlInput: { spellCheck: false, style: { fontFamily: 'monospace' } } }}
      />
    </FormDialog>
  );
}
