import { formatMoney } from '@studio/rules';
import { useQuery } from '@apollo/client/react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Skeleton from '@mui/material/Skeleton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useState, type ReactNode } from 'react';
import { formatTimestamp } from '../../../app/dates';
import { errorMessage } from '../../../app/errors';
import { useToast } from '../../../app/toast';
import { PageFrame } from '../../../components/PageFrame';
import { ActionsHeadCell } from '../../../components/ActionsHeadCell';
import { PaymentsOverviewDocument, type AdminOrderFragment, type AdminPaymentEventFragment } from './adminStripe.generated';
import { RefundDialog, type RefundChoice } from './RefundDialog';
import { useReplayPaymentEvent } from './useReplayPaymentEvent';

const MODES: Record<string, { label: string; line: string }> = {
  test_provider: {
    label: 'Built-in test provider',
    line: 'No payment provider is connected: checkout uses the studio’s own test page and no card is charged. To take real payments, set STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET and restart.',
  },
  stripe_test: { label: 'Stripe (test mode)', line: 'Payments go through Stripe Checkout with a test key: use Stripe’s test cards.' },
  stripe_live: { label: 'Stripe (live)', line: 'Payments go through Stripe Checkout and take real money.' },
  not_set_up: {
    label: 'Not set up',
    line: 'Checkout answers “Payments are not set up”. Set STRIPE_SECRET_KEY (sk_live_… or sk_test_…) and STRIPE_WEBHOOK_SECRET (whsec_…) and restart; point Stripe’s webhook at the URL below.',
  },
};

function Panel({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card component="section" aria-label={title} sx={{ p: { xs: 2, sm: 3 } }}>
      <Typography component="h2" variant="h6" sx={{ mb: 1.5 }}>
        {title}
      </Typography>
      {children}
    </Card>
  );
}

/**
 * A panel's small table of recent rows (or `empty` when there are none), scrolling sideways on its own on
 * narrow screens; columns from `rightFrom` on are right-aligned, and the last holds each row's buttons.
 */
function RecentTable({
  label,
  empty,
  head,
  rightFrom = head.length,
  children,
}: {
  label: string;
  empty: string;
  head: string[];
  rightFrom?: number;
  children: ReactNode[];
}) {
  if (children.length === 0) return <Typography color="text.secondary">{empty}</Typography>;
  return (
    <TableContainer tabIndex={0} role="group" aria-label={`${label}, scrollable`}>
      <Table size="small" aria-label={label}>
        <TableHead>
          <TableRow>
            {head.map((name, i) => (
              <TableCell key={name} align={i >= rightFrom ? 'right' : undefined}>
                {name}
              </TableCell>
            ))}
            <ActionsHeadCell align="right" />
          </TableRow>
        </TableHead>
        <TableBody>{children}</TableBody>
      </Table>
    </TableContainer>
  );
}

function EventRow({ event }: { event: AdminPaymentEventFragment }) {
  const { toast } = useToast();
  const [replay, { loading }] = useReplayPaymentEvent();
  const state =
    event.status === 'failed'
      ? `Failed: ${event.lastError ?? 'unknown error'}`
      : event.duplicates
        ? `Processed (${event.duplicates} duplicate${event.duplicates === 1 ? '' : 's'})`
        : 'Processed';
  return (
    <TableRow data-testid="payment-event">
      <TableCell>
        <Typography variant="body2" sx={{ fontFamily: 'monospace', wordBreak: 'break-word' }}>
          {event.type.replace(/\./g, '.\u200b')}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {formatTimestamp(event.receivedAt, true)}
        </Typography>
      </TableCell>
      <TableCell>
        <Typography variant="body2" sx={{ overflowWrap: 'break-word', color: event.status === 'failed' ? 'error.main' : 'success.main' }}>
          {state}
        </Typography>
      </TableCell>
      <TableCell align="right">
        {event.status === 'failed' && (
          <Button
            size="small"
            disabled={loading}
            onClick={() =>
              void replay({ variables: { eventId: event.id } }).then(
                () => toast({ title: 'Event processed', variant: 'success' }),
                (err: unknown) => toast({ title: 'Replay failed', description: errorMessage(err), variant: 'error' }),
              )
            }
          >
            Replay
          </Button>
        )}
      </TableCell>
    </TableRow>
  );
}

function OrderRow({ order }: { order: AdminOrderFragment }) {
  const [open, setOpen] = useState(false);
  const [refunding, setRefunding] = useState<RefundChoice | null>(null);
  // A front-desk sale charged to an account took no money: its invoice's payment is the money (counted there, once).
  const onAccount = order.status === 'on_account' || order.status === 'cancelled';
  const left = onAccount ? 0 : order.totalCents - order.refundedCents;
  return (
    <>
      <TableRow data-testid="admin-order">
        <TableCell>
          {order.owner?.name ?? 'Walk-in (front desk)'}
          <Typography variant="body2" color="text.secondary">
            {formatTimestamp(order.createdAt, true)}
          </Typography>
        </TableCell>
        <TableCell align="right" sx={{ fontVariantNumeric: 'tabular-nums' }}>
          {formatMoney(order.totalCents)}
          {onAccount && (
            <Typography variant="body2" color="text.secondary" data-testid="order-on-account">
              {order.status === 'on_account' ? 'On account: paid through its invoice' : 'On account: cancelled'}
            </Typography>
          )}
          {order.refundedCents > 0 && (
            <Typography variant="body2" color="text.secondary">
              −{formatMoney(order.refundedCents)} refunded
            </Typography>
          )}
        </TableCell>
        <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
          <Button size="small" aria-expanded={open} onClick={() => setOpen((v) => !v)}>
            {open ? 'Hide' : 'Lines'}
          </Button>
          <Button
            size="small"
            color="error"
            disabled={left <= 0}
            onClick={() => setRefunding({ lineIds: null, what: 'the whole order', cents: left })}
          >
            Refund
          </Button>
        </TableCell>
      </TableRow>
      {open && (
        <TableRow>
          <TableCell colSpan={3} sx={{ bgcolor: 'action.hover' }}>
            {order.lines.map((line) => (
              <Box key={line.id} sx={{ display: 'flex', alignItems: 'center', gap: 2, py: 0.5 }}>
                <Typography variant="body2" sx={{ flex: 1 }}>
                  {line.quantity} × {line.description} · {formatMoney(line.totalCents)}
                  {line.refundedCents > 0 && (line.refundableCents > 0 ? ' (partly refunded)' : ' (refunded)')}
                  {line.refundableCents > 0 && line.refundableCents !== line.totalCents - line.refundedCents && (
                    <> · paid {formatMoney(line.refundableCents)} after the discount</>
                  )}
                </Typography>
                <Button
                  size="small"
                  color="error"
                  disabled={onAccount || line.refundableCents <= 0}
                  onClick={() => setRefunding({ lineIds: [line.id], what: line.description, cents: line.refundableCents })}
                >
                  Refund line
                </Button>
              </Box>
            ))}
            {order.refunds.map((r) => (
              <Typography key={r.id} variant="body2" color="text.secondary">
                {formatTimestamp(r.createdAt, true)}: {formatMoney(r.amountCents)} — {r.reason}
              </Typography>
            ))}
          </TableCell>
        </TableRow>
      )}
      {refunding && <RefundDialog order={order} choice={refunding} onClose={() => setRefunding(null)} />}
    </>
  );
}

/** /admin/stripe: provider and mode, which settings are set (never the keys), the webhook URL, events and payments. */
export default function AdminStripePage() {
  const { data, loading, error } = useQuery(PaymentsOverviewDocument);
  const overview = data?.paymentsOverview;
  const mode = MODES[overview?.mode ?? 'not_set_up'] ?? MODES.not_set_up;
  return (
    <PageFrame title="Payments" subtitle="How the studio takes payments, what Stripe told us, and refunds.">
      {error && !data ? (
        <Alert severity="error">{errorMessage(error, 'The payment settings could not be loaded.')}</Alert>
      ) : loading && !overview ? (
        <Skeleton variant="rounded" height={200} />
      ) : overview ? (
        <Box sx={{ display: 'grid', gap: 3 }}>
          <Panel title="Provider">
            <Typography sx={{ fontWeight: 'fontWeightBold' }} data-testid="payment-mode">
              {mode.label}
            </Typography>
            <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
              {mode.line}
            </Typography>
            <Box
              component="dl"
              sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '220px 1fr' }, gap: 1, m: 0, '& dd': { m: 0 } }}
            >
              <dt>STRIPE_SECRET_KEY</dt>
              <dd>{overview.secretKeySet ? 'Set' : 'Not set'}</dd>
              <dt>STRIPE_WEBHOOK_SECRET</dt>
              <dd>{overview.webhookSecretSet ? 'Set' : 'Not set'}</dd>
              <dt>Webhook URL</dt>
              <Box component="dd" sx={{ fontFamily: 'monospace', overflowWrap: 'anywhere' }}>
                {overview.webhookUrl}
              </Box>
              <dt>Events to send</dt>
              <Box component="dd" sx={{ fontFamily: 'monospace', overflowWrap: 'anywhere' }}>
                checkout.session.completed, checkout.session.async_payment_succeeded, checkout.session.async_payment_failed,
                checkout.session.expired, charge.refunded
              </Box>
            </Box>
          </Panel>
          <Panel title="Recent payments">
            <RecentTable label="Recent payments" empty="No payments yet." head={['Who and when', 'Amount']} rightFrom={1}>
              {overview.orders.map((order) => (
                <OrderRow key={order.id} order={order} />
              ))}
            </RecentTable>
          </Panel>
          <Panel title="Recent events">
            <RecentTable label="Recent events" empty="No events received yet." head={['Event', 'State']}>
              {overview.events.map((event) => (
                <EventRow key={event.id} event={event} />
              ))}
            </RecentTable>
          </Panel>
        </Box>
      ) : null}
    </PageFrame>
  );
}
