import ReplayRounded from '@mui/icons-material/ReplayRounded';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { useQuery } from '@apollo/client/react';
import { useId, useState } from 'react';
import { formatTimestamp } from '../../../app/dates';
import { errorMessage } from '../../../app/errors';
import { useToast } from '../../../app/toast';
import { useReplayWebhookDelivery } from './useWebhookMutations';
import { WebhookDeliveryLogDocument, type WebhookDeliveryRowFragment } from './WebhookDeliveryLog.generated';
import { DeliveryStateChip } from './webhookLabels';

/** One endpoint's deliveries, newest first: each attempt's status, duration and the start of the answer; replay. */
export function WebhookDeliveryLog({ endpointId, url, onClose }: { endpointId: string; url: string; onClose: () => void }) {
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  const titleId = useId();
  const { data, loading, error, fetchMore, refetch } = useQuery(WebhookDeliveryLogDocument, { variables: { endpointId } });
  const [loadingMore, setLoadingMore] = useState(false);
  const page = data?.webhookDeliveries;

  const more = async () => {
    if (!page?.endCursor) return;
    setLoadingMore(true);
    try {
      await fetchMore({
        variables: { after: page.endCursor },
        updateQuery: (prev, { fetchMoreResult }) => ({
          webhookDeliveries: {
            ...fetchMoreResult.webhookDeliveries,
            nodes: [...prev.webhookDeliveries.nodes, ...fetchMoreResult.webhookDeliveries.nodes],
          },
        }),
      });
    } finally {
      setLoadingMore(false);
    }
  };

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="md" fullScreen={phone} aria-labelledby={titleId}>
      <DialogTitle id={titleId} sx={{ overflowWrap: 'anywhere' }}>
        Deliveries to {url}
      </DialogTitle>
      <DialogContent sx={{ display: 'grid', gap: 1.5, alignContent: 'start' }}>
        {error && (
          <Alert severity="error" action={<Button onClick={() => void refetch()}>Try again</Button>}>
            {errorMessage(error)}
          </Alert>
        )}
        {loading && !page ? (
          [0, 1, 2].map((i) => <Skeleton key={i} variant="rounded" height={72} />)
        ) : page && page.nodes.length === 0 ? (
          <Typography color="text.secondary">Nothing sent yet. Send a test event to see one here.</Typography>
        ) : (
          <Box component="ul" aria-label="Deliveries" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1.5 }}>
            {page?.nodes.map((delivery) => (
              <DeliveryCard key={delivery.id} delivery={delivery} />
            ))}
          </Box>
        )}
        {page?.hasNextPage && (
          <Button onClick={() => void more()} disabled={loadingMore} sx={{ justifySelf: 'center' }}>
            {loadingMore ? 'Loading…' : 'Older deliveries'}
          </Button>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={() => void refetch()}>Refresh</Button>
        <Button variant="contained" onClick={onClose}>
          Close
        </Button>
      </DialogActions>
    </Dialog>
  );
}

function DeliveryCard({ delivery }: { delivery: WebhookDeliveryRowFragment }) {
  const { toast } = useToast();
  const [replay, replaying] = useReplayWebhookDelivery();
  const again = async () => {
    try {
      await replay({ variables: { id: delivery.id } });
      toast({ title: 'Sent again', description: 'The same webhook-id and body, from its first attempt.', variant: 'success' });
    } catch (err) {
      toast({ title: 'Could not send it again', description: errorMessage(err), variant: 'error' });
    }
  };
  return (
    <Card component="li" variant="outlined" sx={{ p: 1.5, display: 'grid', gap: 1 }}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
        <Typography variant="subtitle2" sx={{ fontFamily: 'monospace' }}>
          {delivery.type}
        </Typography>
        <DeliveryStateChip state={delivery.state} attempts={delivery.attempts} />
        <Typography variant="body2" color="text.secondary">
          {formatTimestamp(delivery.createdAt, true)}
          {delivery.state === 'pending' && delivery.nextAt ? ` · next attempt ${formatTimestamp(delivery.nextAt, true)}` : ''}
        </Typography>
        <Box sx={{ flexGrow: 1 }} />
        <Button
          size="small"
          startIcon={<ReplayRounded />}
          disabled={replaying.loading || delivery.state === 'sending'}
          onClick={() => void again()}
          aria-label={`Replay ${delivery.type} of ${formatTimestamp(delivery.createdAt, true)}`}
        >
          Replay
        </Button>
      </Box>
      <Typography variant="caption" color="text.secondary" sx={{ fontFamily: 'monospace', overflowWrap: 'anywhere' }}>
        webhook-id {delivery.messageId}
      </Typography>
      {delivery.attemptLog.length > 0 && (
        <Box component="ol" aria-label="Attempts" sx={{ m: 0, pl: 2.5, display: 'grid', gap: 0.75 }}>
          {delivery.attemptLog.map((a) => (
            <Box component="li" key={a.id}>
              <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
                <Chip
                  size="small"
                  color={a.status != null && a.status >= 200 && a.status < 300 ? 'success' : 'error'}
                  variant="outlined"
                  label={a.status ?? 'No answer'}
                />
                <Typography variant="body2">{a.durationMs} ms</Typography>
                <Typography variant="body2" color="text.secondary">
                  {formatTimestamp(a.at, true)}
                </Typography>
              </Box>
              {a.error && (
                <Typography variant="body2" color="error" sx={{ overflowWrap: 'anywhere' }}>
                  {a.error}
                </Typography>
              )}
              {a.response && (
                <Box
                  component="pre"
                  sx={{
                    m: 0,
                    mt: 0.5,
                    p: 1,
                    bgcolor: 'action.hover',
                    borderRadius: 1,
                    fontSize: 12,
                    whiteSpace: 'pre-wrap',
                    overflowWrap: 'anywhere',
                    maxHeight: 120,
                    overflow: 'auto',
                  }}
                >
                  {a.response}
                </Box>
              )}
            </Box>
          ))}
        </Box>
      )}
    </Card>
  );
}
