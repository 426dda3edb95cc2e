import { formatMoney } from '@studio/rules';
import { useSubscription } from '@apollo/client/react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { QRCodeSVG } from 'qrcode.react';
import { useEffect } from 'react';
import { formatTimestamp } from '../../../app/dates';
import { errorMessage } from '../../../app/errors';
import { useToast } from '../../../app/toast';
import { PosSaleChangedDocument, type PosSalePartsFragment } from './pos.generated';
import { useCancelPosCardPayment } from './useCancelPosCardPayment';

/**
 * A card payment in progress: the checkout link as a QR code the customer scans with their phone. The sale is followed
 * live (posSaleChanged): when the webhook marks it paid, the register shows the receipt; when the link expires, the
 * sale is open again. Loaded on its own (with the QR code library) the first time a card payment starts.
 */
export default function PosCardPanel({ sale, onExpired }: { sale: PosSalePartsFragment; onExpired: () => void }) {
  const { toast } = useToast();
  const [cancel, { loading }] = useCancelPosCardPayment();
  // The subscription's results land in the cache under the sale's id: the cart re-renders as paid or released.
  useSubscription(PosSaleChangedDocument, { variables: { saleId: sale.id } });
  const expiresAt = sale.cardPaymentExpiresAt ? String(sale.cardPaymentExpiresAt) : null;
  useEffect(() => {
    if (!expiresAt) return;
    const timer = setTimeout(onExpired, Math.max(0, new Date(expiresAt).getTime() - Date.now()) + 1000);
    return () => clearTimeout(timer);
  }, [expiresAt, onExpired]);
  const url = sale.cardPaymentUrl;
  return (
    <Box data-testid="pos-card-panel" sx={{ display: 'grid', gap: 1, justifyItems: 'center', textAlign: 'center' }}>
      <Typography sx={{ fontWeight: 600 }}>Scan to pay {formatMoney(sale.totalCents)} by card</Typography>
      {url && (
        <Box sx={{ p: 1, bgcolor: '#fff', borderRadius: 1, lineHeight: 0 }}>
          <QRCodeSVG value={url} size={152} marginSize={2} role="img" aria-label="Card payment QR code" />
        </Box>
      )}
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }} role="status">
        <CircularProgress size={18} />
        <Typography variant="body2">
          Waiting for the payment…{expiresAt ? ` The link works until ${formatTimestamp(expiresAt)}.` : ''}
        </Typography>
      </Box>
      <Box sx={{ display: 'grid', gridTemplateColumns: 'auto 1fr', gap: 1, width: '100%' }}>
        {url && (
          <Button component="a" href={url} target="_blank" rel="noreferrer" data-testid="pos-card-link" sx={{ minHeight: 48 }}>
            Open link
          </Button>
        )}
        <Button
          variant="outlined"
          color="inherit"
          disabled={loading}
          sx={{ minHeight: 48 }}
          onClick={() =>
            cancel({ variables: { saleId: sale.id } }).catch((err: unknown) =>
              toast({ title: 'Not cancelled', description: errorMessage(err), variant: 'error' }),
            )
          }
        >
          Cancel card payment
        </Button>
      </Box>
    </Box>
  );
}
