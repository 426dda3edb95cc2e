import { fullName } from '@studio/rules';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMutation, useQuery } from '@apollo/client/react';
import { useState } from 'react';
import { formatTimestampDay } from '../../../app/dates';
import { errorMessage } from '../../../app/errors';
import { useDebounced } from '../../../components/useDebounced';
import { roleLabels } from '../../../components/userLabels';
import { AdminUsersDocument, MergeMembersDocument, type AdminUserRowFragment, type MergeMembersMutation } from './users.generated';

/** What each table's rows are to the admin reading a merge's outcome (a table not listed reads as its name). */
const MOVED_LABELS: Record<string, [string, string]> = {
  booking: ['booking', 'bookings'],
  waitlist_entry: ['waitlist place', 'waitlist places'],
  shop_order: ['order', 'orders'],
  checkout_session: ['checkout', 'checkouts'],
  waiver_signature: ['waiver signature', 'waiver signatures'],
  membership: ['membership', 'memberships'],
  class_pack: ['class pack', 'class packs'],
  invoice: ['invoice', 'invoices'],
  move_progress: ['move progress record', 'move progress records'],
  move_history_entry: ['move history entry', 'move history entries'],
  notification: ['notification', 'notifications'],
  app_user: ['family member', 'family members'],
  chat_message: ['chat message', 'chat messages'],
  feedback: ['feedback message', 'feedback messages'],
  pos_sale: ['front-desk sale', 'front-desk sales'],
};

export function movedLabel({ table, rows }: { table: string; rows: number }): string {
  const [one, many] = MOVED_LABELS[table] ?? [table.replace(/_/g, ' '), table.replace(/_/g, ' ')];
  return `${rows} ${rows === 1 ? one : many}`;
}

function AccountCard({ title, user, note }: { title: string; user: AdminUserRowFragment; note: string }) {
  return (
    <Paper variant="outlined" sx={{ p: 1.5, flex: 1, minWidth: 0 }} aria-label={title} component="section">
      <Typography variant="overline" color="text.secondary">
        {title}
      </Typography>
      <Typography sx={{ fontWeight: 'fontWeightBold', overflowWrap: 'anywhere' }}>{fullName(user)}</Typography>
      <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
        @{user.username ?? '—'} · {roleLabels[user.role] ?? user.role}
      </Typography>
      <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
        {user.email ?? 'No email'}
      </Typography>
      <Typography variant="body2">{user.phone ?? 'No phone'}</Typography>
      <Typography variant="body2">
        Joined {formatTimestampDay(user.createdAt)} · last visit {user.lastVisitAt ? formatTimestampDay(user.lastVisitAt) : 'never'}
      </Typography>
      <Typography variant="caption" color="text.secondary">
        {note}
      </Typography>
    </Paper>
  );
}

/**
 * "Merge into…": the drawer's account is a duplicate of another account of the same person. The admin finds the
 * account to keep (the users query, by any part of a name, username, email or phone), sees both side by side and
 * confirms; every record moves to the kept account and the duplicate is deactivated.
 */
export function MergeAccountsDialog({
  duplicate,
  onClose,
  onMerged,
}: {
  duplicate: AdminUserRowFragment;
  onClose: () => void;
  onMerged: (kept: AdminUserRowFragment) => void;
}) {
  const [input, setInput] = useState('');
  const search = useDebounced(input.trim());
  const [kept, setKept] = useState<AdminUserRowFragment | null>(null);
  const [outcome, setOutcome] = useState<MergeMembersMutation['mergeMembers'] | null>(null);
  const found = useQuery(AdminUsersDocument, {
    variables: { page: 1, pageSize: 8, search },
    skip: search.length < 2 || kept !== null,
  });
  const [merge, mergeState] = useMutation(MergeMembersDocument, {
    // Both rows come back (the duplicate now deactivated); the kept account's family may have grown.
    update(cache, { data }) {
      if (data) cache.evict({ id: cache.identify(data.mergeMembers.kept), fieldName: 'familyMembers' });
    },
  });
  const candidates = (found.data?.users.items ?? []).filter((u) => u.id !== duplicate.id);

  const confirm = async () => {
    if (!kept) return;
    const { data } = await merge({ variables: { keptId: kept.id, mergedId: duplicate.id } });
    if (data) setOutcome(data.mergeMembers);
  };

  return (
    <Dialog open onClose={onClose} aria-labelledby="merge-title" fullWidth maxWidth="md">
      <DialogTitle id="merge-title">Merge {fullName(duplicate)} into another account</DialogTitle>
      <DialogContent>
        {outcome ? (
          <Alert severity="success" aria-live="polite">
            <Typography sx={{ fontWeight: 'fontWeightBold' }}>
              Merged into {fullName(outcome.kept)} (@{outcome.kept.username}).
            </Typography>
            {outcome.moved.length ? (
              <Typography variant="body2">Moved {outcome.moved.map(movedLabel).join(', ')}.</Typography>
            ) : (
              <Typography variant="body2">The duplicate had no records to move.</Typography>
            )}
            <Typography variant="body2">@{outcome.merged.username} is deactivated and signed out everywhere.</Typography>
          </Alert>
        ) : (
          <>
            {mergeState.error && (
              <Alert severity="error" sx={{ mb: 2 }}>
                {errorMessage(mergeState.error)}
              </Alert>
            )}
            {kept ? (
              <>
                <Box sx={{ display: 'flex', gap: 2, flexDirection: { xs: 'column', sm: 'row' }, mb: 1 }}>
                  <AccountCard title="Duplicate" user={duplicate} note="Deactivated after the merge; its sessions end." />
                  <AccountCard
                    title="Kept account"
                    user={kept}
                    note="Gets every booking, order, waiver, membership, move and family member."
                  />
                </Box>
                <Typography variant="body2" color="text.secondary">
                  This cannot be undone. Where both accounts booked one class, the paid booking stays and the other is released.
                </Typography>
              </>
            ) : (
              <>
                <TextField
                  autoFocus
                  fullWidth
                  label="Find the account to keep"
                  placeholder="Name, username, email or phone"
                  value={input}
                  onChange={(e) => setInput(e.target.value)}
                  sx={{ mt: 1 }}
                />
                {found.error && (
                  <Alert severity="error" sx={{ mt: 2 }}>
                    {errorMessage(found.error)}
                  </Alert>
                )}
                {search.length >= 2 && found.data && candidates.length === 0 && (
                  <Typography variant="body2" color="text.secondary" sx={{ mt: 2 }}>
                    No other account matches “{search}”.
                  </Typography>
                )}
                <List aria-label="Accounts found" dense>
                  {candidates.map((u) => (
                    <ListItemButton key={u.id} onClick={() => setKept(u)}>
                      <ListItemText
                        primary={`${fullName(u)} (@${u.username})`}
                        secondary={`${u.email ?? 'No email'} · ${roleLabels[u.role] ?? u.role}${u.isActive ? '' : ' · deactivated'}`}
                      />
                    </ListItemButton>
                  ))}
                </List>
              </>
            )}
          </>
        )}
      </DialogContent>
      <DialogActions>
        {outcome ? (
          <Button variant="contained" onClick={() => onMerged(outcome.kept)}>
            Open {outcome.kept.firstName}’s account
          </Button>
        ) : (
          <>
            {kept && <Button onClick={() => setKept(null)}>Choose another</Button>}
            <Button onClick={onClose}>Cancel</Button>
            {kept && (
              <Button color="error" variant="contained" disabled={mergeState.loading} onClick={() => void confirm().catch(() => undefined)}>
                Merge into {kept.firstName}
              </Button>
            )}
          </>
        )}
      </DialogActions>
    </Dialog>
  );
}
