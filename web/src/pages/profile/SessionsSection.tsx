import { useQuery } from '@apollo/client/react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { formatTimestamp } from '../../app/dates';
import { errorMessage } from '../../app/errors';
import { useAuth } from '../../app/session';
import { useToast } from '../../app/toast';
import { MySessionsDocument, type DeviceSessionFragment } from './sessions.generated';
import { useEndSession } from './useEndSession';

/** A device used in the last two minutes is "Active now" (lastUsedAt moves at most once a minute). */
const ACTIVE_NOW_MS = 2 * 60_000;

export function lastUsedLabel(lastUsedAt: string, now = Date.now()): string {
  return now - new Date(lastUsedAt).getTime() < ACTIVE_NOW_MS ? 'Active now' : `Last used ${formatTimestamp(lastUsedAt, true)}`;
}

function SessionRow({ session }: { session: DeviceSessionFragment }) {
  const { toast } = useToast();
  const [end, { loading }] = useEndSession();
  const [error, setError] = useState<string | null>(null);
  const endIt = async () => {
    setError(null);
    try {
      await end({ variables: { id: session.id } });
      toast({ title: 'Session ended', description: `${session.device} is signed out.`, variant: 'success' });
    } catch (err) {
      setError(errorMessage(err));
    }
  };
  return (
    <Box component="li" sx={{ display: 'flex', alignItems: 'center', gap: 2, py: 1.5, borderTop: 1, borderColor: 'divider' }}>
      <Box sx={{ flex: 1, minWidth: 0 }}>
        <Typography sx={{ fontWeight: 'fontWeightBold', display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
          {session.device}
          {session.thisDevice && <Chip size="small" color="primary" label="This device" />}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {lastUsedLabel(session.lastUsedAt)} · Signed in {formatTimestamp(session.createdAt, true)}
        </Typography>
        {error && (
          <Alert severity="error" sx={{ mt: 1 }}>
            {error}
          </Alert>
        )}
      </Box>
      {!session.thisDevice && (
        <Button variant="outlined" size="small" onClick={endIt} disabled={loading} aria-label={`End session on ${session.device}`}>
          {loading ? 'Ending…' : 'End session'}
        </Button>
      )}
    </Box>
  );
}

/** The devices signed in to this account: each other one can be ended; "Sign out everywhere" ends them all. */
export function SessionsSection() {
  const { logout } = useAuth();
  const { data, error } = useQuery(MySessionsDocument, { fetchPolicy: 'cache-and-network' });
  const [leaving, setLeaving] = useState(false);
  const sessions = data?.mySessions ?? [];
  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      {error && !data && <Alert severity="error">{errorMessage(error, 'Could not load your devices.')}</Alert>}
      {!data && !error && <Typography color="text.secondary">Loading...</Typography>}
      {data && (
        <Box component="ul" aria-label="Signed-in devices" sx={{ listStyle: 'none', m: 0, p: 0 }}>
          {sessions.map((s) => (
            <SessionRow key={s.id} session={s} />
          ))}
        </Box>
      )}
      <Box sx={{ display: 'flex', justifyContent: 'flex-end' }}>
        <Button
          variant="contained"
          color="error"
          disabled={leaving}
          onClick={async () => {
            setLeaving(true);
            await logout({ everywhere: true });
          }}
        >
          {leaving ? 'Signing out…' : 'Sign out everywhere'}
        </Button>
      </Box>
    </Box>
  );
}
