import DialpadRounded from '@mui/icons-material/DialpadRounded';
import PersonSearchRounded from '@mui/icons-material/PersonSearchRounded';
import QrCodeScannerRounded from '@mui/icons-material/QrCodeScannerRounded';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { BigChoice } from './KioskFrame';
import { KioskScreenSetup } from './KioskScreenSetup';
import { OpenClasses, type OpenClass } from './OpenClasses';
import type { KioskScreenState } from './useKioskScreen';

/**
 * The kiosk's start screen: the ways to identify (finding a name only on a screen staff set up as the kiosk) and
 * today's classes open for check-in.
 */
export function StartStep({
  kiosk,
  canTap,
  onChoose,
  onOpenClass,
}: {
  kiosk: KioskScreenState;
  /** This screen is the kiosk: names can be found and tapped. */
  canTap: boolean;
  onChoose: (kind: 'find' | 'pin' | 'scan') => void;
  onOpenClass: (openClass: OpenClass) => void;
}) {
  return (
    <Box sx={{ display: 'grid', gap: { xs: 4, sm: 5 } }}>
      <Box>
        <Typography
          component="p"
          sx={{ fontWeight: 'fontWeightExtraBold', fontSize: { xs: 30, sm: 44 }, lineHeight: 1.1, letterSpacing: '-0.02em', mb: 1 }}
        >
          Welcome! Ready to fly?
        </Typography>
        <Typography color="text.secondary" sx={{ fontSize: { xs: 17, sm: 20 } }}>
          Check yourself and your family in for today’s class.
        </Typography>
      </Box>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: canTap ? '1fr 1fr' : '1fr', md: '1fr 1fr' } }}>
        {canTap && (
          <Box sx={{ gridColumn: '1 / -1' }}>
            <BigChoice
              icon={<PersonSearchRounded />}
              title="Find my name"
              line="Type the first letters, then tap your name"
              onClick={() => onChoose('find')}
            />
          </Box>
        )}
        <BigChoice
          icon={<DialpadRounded />}
          title="Check in with PIN"
          line="Your username and 4-digit PIN"
          onClick={() => onChoose('pin')}
          quiet={canTap}
        />
        <BigChoice
          icon={<QrCodeScannerRounded />}
          title="Scan my QR code"
          line="From your dashboard in the app"
          onClick={() => onChoose('scan')}
          quiet={canTap}
        />
      </Box>
      <OpenClasses onOpen={canTap ? onOpenClass : undefined} />
      <KioskScreenSetup screen={kiosk} />
    </Box>
  );
}
