import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import MenuItem from '@mui/material/MenuItem';
import Pagination from '@mui/material/Pagination';
import Skeleton from '@mui/material/Skeleton';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMutation, useQuery } from '@apollo/client/react';
import { useState } from 'react';
import { errorMessage } from '../../../app/errors';
import { useToast } from '../../../app/toast';
import { SideDrawer } from '../../../components/SideDrawer';
import { useDebounced } from '../../../components/useDebounced';
import type { OutboxStatus } from '../../../graphql/types';
import { AdminOutboxDocument, AdminOutboxEmailDocument, ResendEmailDocument } from './email.generated';
import { stateColors, stateLabels } from './mailingLabels';

const STATUSES: OutboxStatus[] = ['pending', 'sent', 'held', 'failed', 'cancelled'];
const when = (iso: string) => new Date(iso).toLocaleString([], { dateStyle: 'medium', timeStyle: 'short' });

/** The Outbox tab: every email the studio sent or holds (receipts, resets, mailings), its state, content and resend. */
export function OutboxList() {
  const [status, setStatus] = useState<OutboxStatus | ''>('');
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const debounced = useDebounced(search.trim(), 300);
  const { data, previousData, error } = useQuery(AdminOutboxDocument, {
    variables: { status: status || null, search: debounced || null, page },
  });
  const answer = (data ?? previousData)?.outboxEmails;
  const [open, setOpen] = useState<string | null>(null);
  return (
    <Box sx={{ display: 'grid', gap: 1.5 }}>
      <Box sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: { xs: '1fr', sm: 'minmax(0, 1fr) 200px' } }}>
        <TextField
          size="small"
          label="Search address or subject"
          value={search}
          onChange={(e) => (setSearch(e.target.value), setPage(1))}
        />
        <TextField
          select
          size="small"
          label="State"
          value={status}
          onChange={(e) => (setStatus(e.target.value as OutboxStatus | ''), setPage(1))}
        >
          <MenuItem value="">All</MenuItem>
          {STATUSES.map((s) => (
            <MenuItem key={s} value={s}>
              {stateLabels[s]}
            </MenuItem>
          ))}
        </TextField>
      </Box>
      {error && <Alert severity="error">{errorMessage(error)}</Alert>}
      {!answer ? (
        <Skeleton variant="rounded" height={240} />
      ) : answer.items.length === 0 ? (
        <Typography color="text.secondary">No emails match.</Typography>
      ) : (
        <Box component="ul" aria-label="Outbox" sx={{ listStyle: 'none', p: 0, m: 0 }}>
          {answer.items.map((e) => (
            <Box
              component="li"
              key={e.id}
              sx={{
                py: 1.25,
                borderBottom: 1,
                borderColor: 'divider',
                display: 'grid',
                gap: 1,
                gridTemplateColumns: { xs: '1fr auto', md: 'minmax(0, 2fr) minmax(0, 3fr) auto auto' },
                alignItems: 'center',
              }}
            >
              <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
                {e.to}
              </Typography>
              <Box sx={{ minWidth: 0, gridColumn: { xs: '1 / -1', md: 'auto' }, order: { xs: 3, md: 0 } }}>
                <Typography variant="body2" sx={{ fontWeight: 'fontWeightSemiBold', overflowWrap: 'anywhere' }}>
                  {e.subject}
                </Typography>
                <Typography variant="caption" color="text.secondary">
                  {e.kind.replace(/_/g, ' ')} · {when(e.createdAt)}
                  {e.lastError ? ` · ${e.lastError}` : ''}
                </Typography>
              </Box>
              <Chip
                size="small"
                variant="outlined"
                label={e.bounced ? 'Bounced' : (stateLabels[e.status] ?? e.status)}
                color={stateColors[e.bounced ? 'bounced' : e.status] ?? 'default'}
              />
              <Button size="small" onClick={() => setOpen(e.id)} aria-label={`Open email to ${e.to}: ${e.subject}`}>
                Open
              </Button>
            </Box>
          ))}
        </Box>
      )}
      {answer && answer.total > 25 && <Pagination count={Math.ceil(answer.total / 25)} page={page} onChange={(_e, p) => setPage(p)} />}
      {open && <OutboxDrawer id={open} onClose={() => setOpen(null)} />}
    </Box>
  );
}

function OutboxDrawer({ id, onClose }: { id: string; onClose: () => void }) {
  const { toast } = useToast();
  const { data, error } = useQuery(AdminOutboxEmailDocument, { variables: { id } });
  const [resend, resending] = useMutation(ResendEmailDocument, { refetchQueries: [AdminOutboxDocument] });
  const email = data?.outboxEmail;
  return (
    <SideDrawer labelledBy="outbox-email-title" width={600} onClose={onClose}>
      <Typography id="outbox-email-title" variant="h6" component="h2" sx={{ overflowWrap: 'anywhere' }}>
        {email?.subject ?? 'Email'}
      </Typography>
      {(error ?? resending.error) && <Alert severity="error">{errorMessage(error ?? resending.error)}</Alert>}
      {!email ? (
        <Skeleton variant="rounded" height={300} />
      ) : (
        <Box sx={{ display: 'grid', gap: 1.5, mt: 1 }}>
          <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
            To {email.to} · {stateLabels[email.status] ?? email.status} · {email.attempts} {email.attempts === 1 ? 'attempt' : 'attempts'}
            {email.sentAt ? ` · sent ${when(email.sentAt)}` : ''}
          </Typography>
          {email.lastError && <Alert severity={email.status === 'cancelled' ? 'info' : 'error'}>{email.lastError}</Alert>}
          {email.html ? (
            <Box
              component="iframe"
              title="Email content"
              sandbox=""
              srcDoc={email.html}
              sx={{ width: '100%', height: 420, border: 1, borderColor: 'divider', borderRadius: 1 }}
            />
          ) : (
            <Box
              component="pre"
              sx={{
                whiteSpace: 'pre-wrap',
                overflowWrap: 'anywhere',
                fontFamily: 'inherit',
                m: 0,
                p: 1.5,
                bgcolor: 'action.hover',
                borderRadius: 1,
              }}
            >
              {email.text}
            </Box>
          )}
          <Box>
            <Button
              variant="outlined"
              disabled={resending.loading}
              onClick={() =>
                void resend({ variables: { id } })
                  .then(() => toast({ title: `Sent again to ${email.to}`, variant: 'success' }))
                  .catch(() => undefined)
              }
            >
              Resend
            </Button>
          </Box>
        </Box>
      )}
    </SideDrawer>
  );
}
