import DialpadRounded from '@mui/icons-material/DialpadRounded';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useCallback, useState } from 'react';
import { errorMessage } from '../../app/errors';
import type { KioskSessionFragment } from './checkin.generated';
import { StepFrame } from './KioskFrame';
import { QrScanner } from './QrScanner';
import { useKioskSignInWithCode } from './useKioskSignInWithCode';

/** The member's check-in QR code held up to the camera. */
export function ScanStep({
  onIdentified,
  onBack,
  onUsePin,
}: {
  onIdentified: (s: KioskSessionFragment) => void;
  onBack: () => void;
  onUsePin: () => void;
}) {
  const [signIn, { loading }] = useKioskSignInWithCode();
  const [error, setError] = useState<string | null>(null);
  const onCode = useCallback(
    async (code: string) => {
      setError(null);
      try {
        const { data } = await signIn({ variables: { code } });
        if (data) onIdentified(data.kioskSignInWithCode);
      } catch (err) {
        setError(errorMessage(err, 'That code could not be read. Please try again or use your PIN.'));
      }
    },
    [signIn, onIdentified],
  );
  return (
    <StepFrame title="Scan your QR code" onBack={onBack}>
      <Box sx={{ display: 'grid', gap: 2.5, maxWidth: 560, mx: 'auto' }}>
        <Typography color="text.secondary" sx={{ fontSize: 17 }}>
          Open your dashboard in the studio app and hold your check-in code up to the camera.
        </Typography>
        {error && (
          <Alert severity="error" sx={{ fontSize: 16 }}>
            {error}
          </Alert>
        )}
        <QrScanner onCode={(code) => void onCode(code)} paused={loading} />
        <Button
          variant="outlined"
          size="large"
          startIcon={<DialpadRounded />}
          onClick={onUsePin}
          sx={{ minHeight: 56, borderRadius: '16px' }}
        >
          Use my PIN instead
        </Button>
      </Box>
    </StepFrame>
  );
}
