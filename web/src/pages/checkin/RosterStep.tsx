import { useQuery } from '@apollo/client/react';
import Alert from '@mui/material/Alert';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { errorMessage } from '../../app/errors';
import { KioskRosterDocument } from './checkin.generated';
import { EntryTiles, useScreenEnded, type TapHandlers } from './NameFinder';

/** The roster of one class open now: everyone booked, by first name; tap yours. */
export function RosterStep({ classInstanceId, handlers }: { classInstanceId: string; handlers: TapHandlers }) {
  const { data, loading, error } = useQuery(KioskRosterDocument, {
    variables: { deviceToken: handlers.deviceToken, classInstanceId },
    fetchPolicy: 'no-cache',
  });
  const ended = useScreenEnded(error, handlers.onScreenEnded);
  const entries = data?.kioskRoster ?? [];
  if (error && !ended) return <Alert severity="error">{errorMessage(error, 'The class list could not be loaded.')}</Alert>;
  if (loading || !data) return <Skeleton variant="rounded" height={80} sx={{ borderRadius: '18px' }} />;
  if (entries.length === 0) {
    return (
      <Typography sx={{ fontSize: 18 }} color="text.secondary">
        Nobody is booked into this class yet. Ask at the front desk to join it.
      </Typography>
    );
  }
  return <EntryTiles entries={entries} label="Booked into this class" handlers={handlers} showClass={false} />;
}
