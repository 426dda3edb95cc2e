import AddRounded from '@mui/icons-material/AddRounded';
import KeyRounded from '@mui/icons-material/KeyRounded';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useQuery } from '@apollo/client/react';
import { useState } from 'react';
import { formatTimestampDay, formatTimeAgo } from '../../../app/dates';
import { errorMessage } from '../../../app/errors';
import { useToast } from '../../../app/toast';
import { EmptyState } from '../../../components/EmptyState';
import { PageFrame } from '../../../components/PageFrame';
import { ActionsHeadCell } from '../../../components/ActionsHeadCell';
import { ApiKeyDialog } from './ApiKeyDialog';
import { SecretOnceDialog } from '../../../components/SecretOnceDialog';
import { AdminApiKeysDocument, type AdminApiKeyRowFragment } from './apiKeys.generated';
import { useRevokeApiKey } from './useApiKeyMutations';

/** Active, Expired or Revoked, as of now. */
export function keyState(key: AdminApiKeyRowFragment, now = Date.now()): 'Active' | 'Expired' | 'Revoked' {
  if (key.revokedAt) return 'Revoked';
  if (key.expiresAt && new Date(key.expiresAt).getTime() <= now) return 'Expired';
  return 'Active';
}

/** The key just made, shown this once: copy it now, it is never shown again. */
function SecretDialog({ name, secret, onClose }: { name: string; secret: string; onClose: () => void }) {
  return (
    <SecretOnceDialog
      title={`Key for “${name}”`}
      secret={secret}
      noun="key"
      label="API key"
      warning="Copy this key now and keep it somewhere safe: it is shown only this once. Anyone holding it can act within its scopes until you revoke it."
      hint={
        <>
          Send it as <code>Authorization: Bearer &lt;key&gt;</code> on requests to /graphql (or in the WebSocket connection parameters).
        </>
      }
      onClose={onClose}
    />
  );
}

function RevokeDialog({ apiKey, onClose }: { apiKey: AdminApiKeyRowFragment; onClose: () => void }) {
  const { toast } = useToast();
  const [revoke, { loading }] = useRevokeApiKey();
  const confirm = async () => {
    try {
      await revoke({ variables: { id: apiKey.id } });
      toast({ title: 'Key revoked', description: `“${apiKey.name}” no longer works.`, variant: 'success' });
      onClose();
    } catch (err) {
      toast({ title: 'Could not revoke the key', description: errorMessage(err), variant: 'error' });
    }
  };
  return (
    <Dialog open onClose={onClose} maxWidth="xs" fullWidth aria-labelledby="revoke-key-title">
      <DialogTitle id="revoke-key-title">Revoke “{apiKey.name}”?</DialogTitle>
      <DialogContent>
        <DialogContentText>
          The integration using the key {apiKey.prefix}… is refused from its next request on, and its live connections close. This cannot be
          undone: make a new key to connect it again.
        </DialogContentText>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2.5 }}>
        <Button onClick={onClose}>Cancel</Button>
        <Button color="error" variant="contained" onClick={() => void confirm()} disabled={loading}>
          {loading ? 'Revoking…' : 'Revoke'}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

const STATE_COLOR = { Active: 'success', Expired: 'default', Revoked: 'error' } as const;

/** /admin/api-keys: the keys integrations call the API with; made here (shown once), revoked here. */
export default function ApiKeysPage() {
  const { data, loading, error, refetch } = useQuery(AdminApiKeysDocument);
  const [creating, setCreating] = useState(false);
  const [made, setMade] = useState<{ name: string; secret: string } | null>(null);
  const [revoking, setRevoking] = useState<AdminApiKeyRowFragment | null>(null);
  const keys = data?.apiKeys ?? (loading ? null : []);

  return (
    <PageFrame
      title="API Keys"
      subtitle="Keys let other software (a booking widget, an accounting sync) use the studio's API, limited to the scopes you choose."
      actions={
        <Button variant="contained" startIcon={<AddRounded />} onClick={() => setCreating(true)}>
          New key
        </Button>
      }
    >
      {error && !loading && (
        <Alert severity="error" sx={{ mb: 2 }} action={<Button onClick={() => void refetch()}>Try again</Button>}>
          {errorMessage(error)}
        </Alert>
      )}
      {keys === null ? (
        <Box sx={{ display: 'grid', gap: 1 }} aria-busy="true">
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} variant="rounded" height={52} />
          ))}
        </Box>
      ) : keys.length === 0 ? (
        !error && (
          <EmptyState icon={<KeyRounded />} title="No API keys yet">
            Make a key for each integration, with only the scopes it needs.
          </EmptyState>
        )
      ) : (
        // Positioned, so the hidden "Actions" heading stays inside the scrolling table rather than widening the page.
        <TableContainer component={Paper} variant="outlined" sx={{ position: 'relative' }}>
          <Table size="small" aria-label="API keys">
            <TableHead>
              <TableRow>
                <TableCell>Name</TableCell>
                <TableCell>Key</TableCell>
                <TableCell>Scopes</TableCell>
                <TableCell>Created</TableCell>
                <TableCell>Expires</TableCell>
                <TableCell>Last used</TableCell>
                <TableCell>State</TableCell>
                <ActionsHeadCell />
              </TableRow>
            </TableHead>
            <TableBody>
              {keys.map((key) => {
                const state = keyState(key);
                return (
                  <TableRow key={key.id}>
                    <TableCell sx={{ fontWeight: 'fontWeightSemiBold', minWidth: 140, overflowWrap: 'anywhere' }}>
                      {key.name}
                      {key.trustedDocumentCount > 0 && (
                        <Typography variant="caption" color="text.secondary" sx={{ display: 'block' }}>
                          {key.trustedDocumentCount} trusted document{key.trustedDocumentCount === 1 ? '' : 's'} only
                        </Typography>
                      )}
                    </TableCell>
                    <TableCell sx={{ fontFamily: 'monospace', whiteSpace: 'nowrap' }}>{key.prefix}…</TableCell>
                    <TableCell sx={{ minWidth: 220 }}>
                      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5 }}>
                        {key.scopes.map((scope) => (
                          <Chip key={scope} size="small" variant="outlined" label={scope} />
                        ))}
                      </Box>
                    </TableCell>
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatTimestampDay(key.createdAt)}</TableCell>
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>{key.expiresAt ? formatTimestampDay(key.expiresAt) : 'Never'}</TableCell>
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>
                      {key.lastUsedAt ? (
                        <>
                          {formatTimeAgo(key.lastUsedAt)}
                          {key.lastUsedIp && (
                            <Typography variant="caption" color="text.secondary" sx={{ display: 'block' }}>
                              from {key.lastUsedIp}
                            </Typography>
                          )}
                        </>
                      ) : (
                        'Never'
                      )}
                    </TableCell>
                    <TableCell>
                      <Chip size="small" color={STATE_COLOR[state]} label={state} />
                    </TableCell>
                    <TableCell align="right">
                      {state !== 'Revoked' && (
                        <Button size="small" color="error" onClick={() => setRevoking(key)} aria-label={`Revoke ${key.name}`}>
                          Revoke
                        </Button>
                      )}
                    </TableCell>
                  </TableRow>
                );
              })}
            </TableBody>
          </Table>
        </TableContainer>
      )}
      {creating && (
        <ApiKeyDialog
          onClose={() => setCreating(false)}
          onCreated={(key, secret) => {
            setCreating(false);
            setMade({ name: key.name, secret });
          }}
        />
      )}
      {made && <SecretDialog name={made.name} secret={made.secret} onClose={() => setMade(null)} />}
      {revoking && <RevokeDialog apiKey={revoking} onClose={() => setRevoking(null)} />}
    </PageFrame>
  );
}
