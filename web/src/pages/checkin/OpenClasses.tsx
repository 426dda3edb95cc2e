import { useQuery } from '@apollo/client/react';
import ChevronRightRounded from '@mui/icons-material/ChevronRightRounded';
import EventBusyRounded from '@mui/icons-material/EventBusyRounded';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { formatTime } from '../../app/dates';
import { errorMessage } from '../../app/errors';
import { apparatusColor, levelLabel } from '../../components/schedule/classLabels';
import { KioskClassesDocument, type KioskClassesQuery } from './checkin.generated';

export type OpenClass = KioskClassesQuery['kioskClasses'][number];

/**
 * Today's classes open for check-in: class, time, apparatus, instructor — never who booked. On a screen staff set up
 * as the kiosk, a class opens its roster (`onOpen`).
 */
export function OpenClasses({ onOpen }: { onOpen?: (c: OpenClass) => void }) {
  // Refreshed each time the kiosk returns to its start screen (this remounts), never by polling.
  const { data, loading, error } = useQuery(KioskClassesDocument, { fetchPolicy: 'cache-and-network', nextFetchPolicy: 'cache-first' });
  const classes = data?.kioskClasses ?? [];
  return (
    <Box component="section" aria-labelledby="open-classes-title">
      <Typography id="open-classes-title" component="h2" sx={{ fontWeight: 'fontWeightExtraBold', fontSize: { xs: 19, sm: 22 }, mb: 0.5 }}>
        Open for check-in now
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 1.5, fontSize: 16 }}>
        {onOpen && classes.length > 0 ? 'Tap your class, then your name.' : '\u00a0'}
      </Typography>
      {error && !data ? (
        <Alert severity="error">{errorMessage(error, 'The class list could not be loaded.')}</Alert>
      ) : loading && !data ? (
        <Skeleton variant="rounded" height={88} sx={{ borderRadius: '18px' }} />
      ) : classes.length === 0 ? (
        <Box
          sx={{
            display: 'flex',
            alignItems: 'center',
            gap: 2,
            p: 2.5,
            borderRadius: '18px',
            border: 1,
            borderColor: 'divider',
            bgcolor: 'background.paper',
          }}
        >
          <EventBusyRounded aria-hidden sx={{ fontSize: 36, color: 'text.secondary' }} />
          <Box>
            <Typography sx={{ fontWeight: 'fontWeightBold' }}>No classes are open for check-in right now</Typography>
            <Typography variant="body2" color="text.secondary">
              Check-in opens 30 minutes before class and closes 15 minutes after it starts.
            </Typography>
          </Box>
        </Box>
      ) : (
        <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1.25 }}>
          {classes.map((c) => {
            const color = apparatusColor(c.blueprint.apparatus.name);
            return (
              <Box
                component="li"
                key={c.id}
                data-testid="kiosk-class"
                sx={{
                  borderRadius: '18px',
                  border: 1,
                  borderColor: 'divider',
                  borderLeft: `6px solid ${color}`,
                  bgcolor: 'background.paper',
                }}
              >
                <Box
                  {...(onOpen ? { component: ButtonBase, onClick: () => onOpen(c) } : {})}
                  sx={{
                    display: 'flex',
                    alignItems: 'center',
                    gap: 2,
                    p: 2,
                    width: '100%',
                    minHeight: 80,
                    font: 'inherit',
                    textAlign: 'left',
                    justifyContent: 'flex-start',
                    borderRadius: '17px',
                  }}
                >
                  <Box sx={{ minWidth: 92 }}>
                    <Typography sx={{ fontWeight: 'fontWeightExtraBold', fontSize: 20, fontVariantNumeric: 'tabular-nums' }}>
                      {formatTime(c.startTime)}
                    </Typography>
                    <Typography variant="body2" color="text.secondary">
                      until {formatTime(c.endTime)}
                    </Typography>
                  </Box>
                  <Box sx={{ minWidth: 0, flex: 1 }}>
                    <Typography sx={{ fontWeight: 'fontWeightExtraBold', fontSize: 18 }}>{c.blueprint.name}</Typography>
                    <Typography variant="body2" color="text.secondary">
                      {c.blueprint.apparatus.name} · {levelLabel(c.blueprint.level)} · with {c.instructor.name}
                    </Typography>
                  </Box>
                  {onOpen && <ChevronRightRounded aria-hidden sx={{ color: 'text.secondary', fontSize: 32 }} />}
                </Box>
              </Box>
            );
          })}
        </Box>
      )}
    </Box>
  );
}
