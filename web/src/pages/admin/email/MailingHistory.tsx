import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Chip from '@mui/material/Chip';
import Pagination from '@mui/material/Pagination';
import Skeleton from '@mui/material/Skeleton';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import MailOutlineRounded from '@mui/icons-material/MailOutlineRounded';
import { useMutation, useQuery } from '@apollo/client/react';
import { useState } from 'react';
import { errorMessage } from '../../../app/errors';
import { EmptyState } from '../../../components/EmptyState';
import { SideDrawer } from '../../../components/SideDrawer';
import type { MailingRecipientState } from '../../../graphql/types';
import { AdminMailingRecipientsDocument, AdminMailingsDocument, CancelMailingDocument, type MailingRowFragment } from './email.generated';
import { exclusionLabel, stateColors, stateLabels } from './mailingLabels';

const when = (iso: string) => new Date(iso).toLocaleString([], { dateStyle: 'medium', timeStyle: 'short' });

function StateChip({ state }: { state: string }) {
  return <Chip size="small" label={stateLabels[state] ?? state} color={stateColors[state] ?? 'default'} variant="outlined" />;
}

/** The Sent tab: every mailing, newest first, with its progress; one opens with each recipient's state. */
export function MailingHistory() {
  const [page, setPage] = useState(1);
  const { data, previousData, error, refetch } = useQuery(AdminMailingsDocument, { variables: { page }, pollInterval: 5000 });
  const answer = (data ?? previousData)?.mailings;
  const [open, setOpen] = useState<string | null>(null);
  if (error && !answer)
    return (
      <Alert severity="error" action={<Button onClick={() => void refetch()}>Try again</Button>}>
        {errorMessage(error)}
      </Alert>
    );
  if (!answer) return <Skeleton variant="rounded" height={200} />;
  if (!answer.items.length)
    return (
      <EmptyState icon={<MailOutlineRounded />} title="No mailings yet">
        Write one on the Compose tab: to a group, a role, a class&apos;s roster or chosen people.
      </EmptyState>
    );
  return (
    <Box sx={{ display: 'grid', gap: 1.5 }}>
      <Box component="ul" aria-label="Mailings" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1.5 }}>
        {answer.items.map((m) => (
          <Card component="li" key={m.id} variant="outlined" sx={{ p: 2 }}>
            <Box
              sx={{
                display: 'grid',
                gap: 1,
                gridTemplateColumns: { xs: '1fr', md: 'minmax(0, 3fr) minmax(0, 3fr) auto' },
                alignItems: 'center',
              }}
            >
              <Box sx={{ minWidth: 0 }}>
                <Typography variant="subtitle1" sx={{ fontWeight: 'fontWeightBold', overflowWrap: 'anywhere' }}>
                  {m.subject}
                </Typography>
                <Typography variant="body2" color="text.secondary">
                  {m.createdByName} · {m.status === 'scheduled' ? `scheduled for ${when(m.scheduledAt)}` : when(m.startedAt ?? m.createdAt)}
                </Typography>
              </Box>
              <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'center' }}>
                <StateChip state={m.status} />
                {m.stateCounts.map((c) => (
                  <Typography key={c.state} variant="body2" color="text.secondary">
                    {c.count.toLocaleString()} {(stateLabels[c.state] ?? c.state).toLowerCase()}
                  </Typography>
                ))}
              </Box>
              <Button size="small" onClick={() => setOpen(m.id)} aria-label={`Recipients of ${m.subject}`}>
                Recipients
              </Button>
            </Box>
          </Card>
        ))}
      </Box>
      {answer.total > 25 && <Pagination count={Math.ceil(answer.total / 25)} page={page} onChange={(_e, p) => setPage(p)} />}
      {open && <MailingDrawer id={open} onClose={() => setOpen(null)} />}
    </Box>
  );
}

const FILTERS: (MailingRecipientState | null)[] = [null, 'sent', 'queued', 'failed', 'bounced', 'excluded'];

function MailingDrawer({ id, onClose }: { id: string; onClose: () => void }) {
  const [state, setState] = useState<MailingRecipientState | null>(null);
  const [page, setPage] = useState(1);
  const { data, previousData, error } = useQuery(AdminMailingRecipientsDocument, { variables: { id, state, page }, pollInterval: 5000 });
  const mailing = (data ?? previousData)?.mailing;
  const [cancel, cancelling] = useMutation(CancelMailingDocument);
  const canCancel = mailing && (mailing.status === 'scheduled' || mailing.status === 'sending');
  return (
    <SideDrawer labelledBy="mailing-drawer-title" width={560} onClose={onClose}>
      <Typography id="mailing-drawer-title" variant="h6" component="h2" sx={{ overflowWrap: 'anywhere', mb: 1 }}>
        {mailing?.subject ?? 'Mailing'}
      </Typography>
      {error && <Alert severity="error">{errorMessage(error)}</Alert>}
      {cancelling.error && <Alert severity="error">{errorMessage(cancelling.error)}</Alert>}
      {mailing && <MailingSummary mailing={mailing} />}
      {canCancel && (
        <Button
          color="error"
          sx={{ my: 1 }}
          disabled={cancelling.loading}
          onClick={() => void cancel({ variables: { id } }).catch(() => undefined)}
        >
          Cancel the rest
        </Button>
      )}
      <Tabs
        value={FILTERS.indexOf(state)}
        onChange={(_e, i: number) => (setState(FILTERS[i]), setPage(1))}
        variant="scrollable"
        sx={{ mb: 1 }}
      >
        {FILTERS.map((f) => (
          <Tab key={f ?? 'all'} label={f ? stateLabels[f] : 'All'} />
        ))}
      </Tabs>
      {!mailing ? (
        <Skeleton variant="rounded" height={200} />
      ) : mailing.recipients.items.length === 0 ? (
        <Typography color="text.secondary">
          {mailing.status === 'scheduled' ? 'Recipients are chosen when it starts.' : 'Nobody here.'}
        </Typography>
      ) : (
        <Box component="ul" aria-label="Recipients" sx={{ listStyle: 'none', p: 0, m: 0 }}>
          {mailing.recipients.items.map((r) => (
            <Box
              component="li"
              key={r.userId}
              sx={{ py: 1, borderBottom: 1, borderColor: 'divider', display: 'flex', gap: 1, alignItems: 'flex-start' }}
            >
              <Box sx={{ flex: 1, minWidth: 0 }}>
                <Typography variant="body2" sx={{ fontWeight: 'fontWeightSemiBold' }}>
                  {r.name}
                </Typography>
                <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                  {r.address ?? 'no address'}
                  {r.viaParent ? ' (parent)' : ''}
                </Typography>
                {r.reason && (
                  <Typography variant="body2" color={r.state === 'excluded' ? 'text.secondary' : 'error'} sx={{ overflowWrap: 'anywhere' }}>
                    {r.state === 'excluded' ? exclusionLabel(r.reason) : r.reason}
                  </Typography>
                )}
              </Box>
              <StateChip state={r.state} />
            </Box>
          ))}
        </Box>
      )}
      {mailing && mailing.recipients.total > 50 && (
        <Pagination sx={{ mt: 1 }} count={Math.ceil(mailing.recipients.total / 50)} page={page} onChange={(_e, p) => setPage(p)} />
      )}
    </SideDrawer>
  );
}

function MailingSummary({ mailing }: { mailing: MailingRowFragment }) {
  return (
    <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'center', mb: 1 }}>
      <StateChip state={mailing.status} />
      <Typography variant="body2" color="text.secondary">
        {mailing.finishedAt
          ? `finished ${when(mailing.finishedAt)}`
          : mailing.startedAt
            ? `started ${when(mailing.startedAt)}`
            : `scheduled for ${when(mailing.scheduledAt)}`}
      </Typography>
    </Box>
  );
}
