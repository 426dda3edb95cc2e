import { useQuery } from '@apollo/client/react';
import QrCode2Rounded from '@mui/icons-material/QrCode2Rounded';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { QRCodeSVG } from 'qrcode.react';
import { Link as RouterLink } from 'react-router-dom';
import { errorMessage } from '../../app/errors';
import { MyCheckInDocument } from './dashboard.generated';

/** The personal check-in QR code for the kiosk camera, with a way to set the kiosk PIN. */
export function CheckInCodeCard() {
  const { data, loading, error } = useQuery(MyCheckInDocument);
  return (
    <Card component="section" aria-labelledby="checkin-code-title" sx={{ p: 2.5, height: '100%' }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 1.5 }}>
        <QrCode2Rounded aria-hidden sx={{ color: 'primary.main' }} />
        <Typography id="checkin-code-title" component="h2" variant="subtitle1">
          Check-in code
        </Typography>
      </Box>
      {error && !data ? (
        <Alert severity="error">{errorMessage(error, 'Your check-in code could not be loaded.')}</Alert>
      ) : loading && !data ? (
        <Box sx={{ display: 'flex', gap: 2, alignItems: 'center' }}>
          <Skeleton variant="rounded" width={176} height={176} />
          <Skeleton width="50%" />
        </Box>
      ) : data ? (
        <Box sx={{ display: 'flex', gap: 2.5, alignItems: 'center', flexWrap: 'wrap' }}>
          <Box sx={{ p: 1.25, bgcolor: 'common.white', borderRadius: '14px', border: 1, borderColor: 'divider', lineHeight: 0 }}>
            <QRCodeSVG
              value={data.myCheckIn.code}
              size={176}
              level="L"
              marginSize={1}
              title="Your personal check-in QR code"
              role="img"
              aria-label="Your personal check-in QR code"
            />
          </Box>
          <Box sx={{ flex: '1 1 160px', minWidth: 0 }}>
            <Typography variant="body2" color="text.secondary">
              Show this code to the camera at the front-desk kiosk to check in yourself and your family.
            </Typography>
            <Typography variant="body2" sx={{ mt: 1, fontWeight: 'fontWeightSemiBold' }}>
              {data.myCheckIn.hasPin ? 'Your check-in PIN is set.' : 'No check-in PIN yet.'}
            </Typography>
            <Button component={RouterLink} to="/profile#check-in-pin" size="small" variant="outlined" sx={{ mt: 1.25 }}>
              {data.myCheckIn.hasPin ? 'Change check-in PIN' : 'Set check-in PIN'}
            </Button>
          </Box>
        </Box>
      ) : null}
    </Card>
  );
}
