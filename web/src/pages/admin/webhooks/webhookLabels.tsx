import Chip from '@mui/material/Chip';
import type { WebhookDeliveryState } from '../../../graphql/types';

const STATE_LABELS: Record<WebhookDeliveryState, { label: string; color: 'default' | 'success' | 'warning' | 'error' | 'info' }> = {
  pending: { label: 'Retrying', color: 'warning' },
  sending: { label: 'Sending', color: 'info' },
  succeeded: { label: 'Delivered', color: 'success' },
  failed: { label: 'Failed', color: 'error' },
};

/** A delivery's state; a pending one not tried yet is queued rather than retrying. */
export function DeliveryStateChip({ state, attempts }: { state: WebhookDeliveryState; attempts: number }) {
  const { label, color } = state === 'pending' && attempts === 0 ? { label: 'Queued', color: 'info' as const } : STATE_LABELS[state];
  return <Chip size="small" color={color} variant="outlined" label={label} />;
}
