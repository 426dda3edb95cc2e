import AddRounded from '@mui/icons-material/AddRounded';
import WebhookRounded from '@mui/icons-material/WebhookRounded';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Chip from '@mui/material/Chip';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useQuery } from '@apollo/client/react';
import { useState } from 'react';
import { formatTimestamp } from '../../../app/dates';
import { errorMessage } from '../../../app/errors';
import { useToast } from '../../../app/toast';
import { EmptyState } from '../../../components/EmptyState';
import { FormDialog } from '../../../components/FormDialog';
import { PageFrame } from '../../../components/PageFrame';
import { useDeleteWebhookEndpoint, useRotateWebhookSecret, useSendTestWebhook, useUpdateWebhookEndpoint } from './useWebhookMutations';
import { WebhookDeliveryLog } from './WebhookDeliveryLog';
import { WebhookDialog } from './WebhookDialog';
import { WebhookSecretDialog } from './WebhookSecretDialog';
import { DeliveryStateChip } from './webhookLabels';
import { AdminWebhookEndpointsDocument, type AdminWebhookEndpointFragment } from './webhooks.generated';

type Endpoint = AdminWebhookEndpointFragment;

/** An endpoint's state in words: on, failing since…, or off and why. */
function endpointState(e: Endpoint): { label: string; color: 'success' | 'warning' | 'default' } {
  if (!e.enabled) return { label: 'Disabled', color: 'default' };
  if (e.failingSince) return { label: `Failing since ${formatTimestamp(e.failingSince, true)}`, color: 'warning' };
  return { label: 'Active', color: 'success' };
}

/** /admin/webhooks: where the studio sends its events, signed (Standard Webhooks), with each endpoint's delivery log. */
export default function WebhooksPage() {
  const { toast } = useToast();
  const { data, loading, error, refetch } = useQuery(AdminWebhookEndpointsDocument);
  const [editing, setEditing] = useState<Endpoint | 'new' | null>(null);
  const [secret, setSecret] = useState<{ secret: string; rotated: boolean } | null>(null);
  const [log, setLog] = useState<Endpoint | null>(null);
  const [confirm, setConfirm] = useState<{ kind: 'rotate' | 'delete'; endpoint: Endpoint } | null>(null);
  const [update, updating] = useUpdateWebhookEndpoint();
  const [rotate, rotating] = useRotateWebhookSecret();
  const [remove, removing] = useDeleteWebhookEndpoint();
  const [sendTest, testing] = useSendTestWebhook();
  const endpoints = data?.webhookEndpoints ?? (loading ? null : []);

  const act = async (work: () => Promise<unknown>, done: string, failed: string) => {
    try {
      await work();
      toast({ title: done, variant: 'success' });
    } catch (err) {
      toast({ title: failed, description: errorMessage(err), variant: 'error' });
    }
  };
  const confirmed = async () => {
    if (!confirm) return;
    const { kind, endpoint } = confirm;
    try {
      if (kind === 'rotate') {
        const answer = (await rotate({ variables: { id: endpoint.id } })).data!.rotateWebhookSecret;
        setSecret({ secret: answer.secret, rotated: true });
      } else {
        await remove({ variables: { id: endpoint.id } });
        toast({ title: 'Endpoint deleted', variant: 'success' });
      }
      setConfirm(null);
    } catch (err) {
      toast({
        title: kind === 'rotate' ? 'Could not rotate the secret' : 'Could not delete it',
        description: errorMessage(err),
        variant: 'error',
      });
    }
  };

  return (
    <PageFrame
      title="Webhooks"
      subtitle="Other systems hear of bookings, check-ins, payments and progress as they happen: signed POSTs, retried for three days."
      actions={
        <Button variant="contained" startIcon={<AddRounded />} onClick={() => setEditing('new')}>
          New endpoint
        </Button>
      }
    >
      {error && !loading && (
        <Alert severity="error" sx={{ mb: 2 }} action={<Button onClick={() => void refetch()}>Try again</Button>}>
          {errorMessage(error)}
        </Alert>
      )}
      {endpoints === null ? (
        <Box sx={{ display: 'grid', gap: 1.5 }} aria-busy="true">
          {[0, 1].map((i) => (
            <Skeleton key={i} variant="rounded" height={96} />
          ))}
        </Box>
      ) : endpoints.length === 0 ? (
        !error && (
          <EmptyState icon={<WebhookRounded />} title="No endpoints yet">
            Add the address of a system that should hear of the studio’s events; it gets a secret to verify each delivery.
          </EmptyState>
        )
      ) : (
        <Box component="ul" aria-label="Webhook endpoints" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1.5 }}>
          {endpoints.map((e) => {
            const state = endpointState(e);
            return (
              <Card component="li" key={e.id} variant="outlined" sx={{ p: 2 }}>
                <Box
                  sx={{
                    display: 'grid',
                    gap: { xs: 1, md: 2 },
                    alignItems: 'start',
                    gridTemplateColumns: { xs: '1fr', md: 'minmax(0, 3fr) minmax(0, 3fr) minmax(0, 2fr)' },
                  }}
                >
                  <Box sx={{ minWidth: 0, display: 'grid', gap: 0.5 }}>
                    <Typography
                      variant="subtitle1"
                      sx={{ fontWeight: 'fontWeightBold', overflowWrap: 'anywhere', fontFamily: 'monospace', fontSize: 15 }}
                    >
                      {e.url}
                    </Typography>
                    {e.description && (
                      <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                        {e.description}
                      </Typography>
                    )}
                    <Box>
                      <Chip size="small" color={state.color} variant="outlined" label={state.label} />
                    </Box>
                    {!e.enabled && e.disabledReason && (
                      <Typography variant="body2" color="text.secondary">
                        {e.disabledReason}
                        {e.disabledAt ? ` (${formatTimestamp(e.disabledAt, true)})` : ''}
                      </Typography>
                    )}
                  </Box>
                  <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5 }} aria-label="Events">
                    {e.eventTypes.map((t) => (
                      <Chip key={t} size="small" label={t} sx={{ fontFamily: 'monospace' }} />
                    ))}
                  </Box>
                  <Box sx={{ display: 'grid', gap: 0.5 }}>
                    <Typography variant="caption" color="text.secondary">
                      Last delivery
                    </Typography>
                    {e.lastDelivery ? (
                      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
                        <DeliveryStateChip state={e.lastDelivery.state} attempts={e.lastDelivery.attempts} />
                        <Typography variant="body2">{formatTimestamp(e.lastDelivery.createdAt, true)}</Typography>
                      </Box>
                    ) : (
                      <Typography variant="body2">None yet</Typography>
                    )}
                  </Box>
                </Box>
                <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5, mt: 1.5, ml: -1 }}>
                  <Button size="small" onClick={() => setLog(e)} aria-label={`Deliveries to ${e.url}`}>
                    Deliveries
                  </Button>
                  <Button
                    size="small"
                    disabled={!e.enabled || testing.loading}
                    onClick={() =>
                      void act(() => sendTest({ variables: { endpointId: e.id } }), 'Test event sent', 'Could not send a test event')
                    }
                    aria-label={`Send a test event to ${e.url}`}
                  >
                    Send test event
                  </Button>
                  <Button size="small" onClick={() => setEditing(e)} aria-label={`Edit ${e.url}`}>
                    Edit
                  </Button>
                  <Button
                    size="small"
                    onClick={() => setConfirm({ kind: 'rotate', endpoint: e })}
                    aria-label={`Rotate the secret of ${e.url}`}
                  >
                    Rotate secret
                  </Button>
                  <Button
                    size="small"
                    color="inherit"
                    disabled={updating.loading}
                    onClick={() =>
                      void act(
                        () => update({ variables: { id: e.id, input: { enabled: !e.enabled } } }),
                        e.enabled ? 'Endpoint disabled' : 'Endpoint enabled: its waiting deliveries go out',
                        'Could not change it',
                      )
                    }
                    aria-label={`${e.enabled ? 'Disable' : 'Enable'} ${e.url}`}
                  >
                    {e.enabled ? 'Disable' : 'Enable'}
                  </Button>
                  <Button
                    size="small"
                    color="error"
                    onClick={() => setConfirm({ kind: 'delete', endpoint: e })}
                    aria-label={`Delete ${e.url}`}
                  >
                    Delete
                  </Button>
                </Box>
              </Card>
            );
          })}
        </Box>
      )}
      {editing && (
        <WebhookDialog
          endpoint={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
          onCreated={(made) => {
            setEditing(null);
            setSecret({ secret: made, rotated: false });
          }}
        />
      )}
      {secret && <WebhookSecretDialog secret={secret.secret} rotated={secret.rotated} onClose={() => setSecret(null)} />}
      {log && <WebhookDeliveryLog endpointId={log.id} url={log.url} onClose={() => setLog(null)} />}
      {confirm && (
        <FormDialog
          title={confirm.kind === 'rotate' ? 'Rotate the signing secret?' : 'Delete this endpoint?'}
          submitLabel={confirm.kind === 'rotate' ? 'Rotate' : 'Delete'}
          destructive={confirm.kind === 'delete'}
          busy={rotating.loading || removing.loading}
          closeLabel="Cancel"
          onClose={() => setConfirm(null)}
          onSubmit={(event) => {
            event.preventDefault();
            void confirmed();
          }}
        >
          <Typography>
            {confirm.kind === 'rotate'
              ? 'A new secret is made and shown once. For 24 hours deliveries carry signatures of both, so the receiver can switch over.'
              : `Deliveries to ${confirm.endpoint.url} stop, and its delivery log is deleted.`}
          </Typography>
        </FormDialog>
      )}
    </PageFrame>
  );
}
