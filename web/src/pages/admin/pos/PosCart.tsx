import { formatMoney } from '@studio/rules';
import { useQuery } from '@apollo/client/react';
import AddRounded from '@mui/icons-material/AddRounded';
import RemoveRounded from '@mui/icons-material/RemoveRounded';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useRef, useState } from 'react';
import { downloadWithToken } from '../../../app/download';
import { errorMessage } from '../../../app/errors';
import { useToast } from '../../../app/toast';
import { PosMembersDocument, type PosSalePartsFragment } from './pos.generated';
import { CashDialog, DiscountDialog } from './PosDialogs';
import { useChargePosSaleToAccount } from './useChargePosSaleToAccount';
import { useStartPosCardPayment } from './useStartPosCardPayment';
import { useEmailPosReceipt } from './useEmailPosReceipt';
import { useSetPosLineQuantity } from './useSetPosLineQuantity';
import { useSetPosSaleMember } from './useSetPosSaleMember';
import { useVoidPosSale } from './useVoidPosSale';
import { STICKY_TOP, scrollShadows, useFitToWindow, useNewestLineInView } from './saleLayout';
import { lazyComponent } from '../../../app/lazyPage';

type Sale = PosSalePartsFragment;

// The card payment's QR code (and its library) load only when a card payment starts.
const PosCardPanel = lazyComponent(() => import('./PosCardPanel').then((m) => m.default), {
  fallback: () => <CircularProgress size={24} aria-label="Loading the card payment" />,
});
type Line = Sale['lines'][number];

const big = { minHeight: 46 } as const;
const money = (cents: number) => <span style={{ fontVariantNumeric: 'tabular-nums' }}>{formatMoney(cents)}</span>;

/** Who is buying: a member found by name, username or a scanned check-in QR code (a scanner types it), or a walk-in. */
function CustomerPicker({ sale, onOpenSale }: { sale: Sale | null; onOpenSale: (memberId: string | null) => Promise<void> }) {
  const { toast } = useToast();
  const [text, setText] = useState('');
  const [query, setQuery] = useState('');
  const [setMember] = useSetPosSaleMember();
  useEffect(() => {
    const timer = setTimeout(() => setQuery(text.trim()), 250);
    return () => clearTimeout(timer);
  }, [text]);
  const found = useQuery(PosMembersDocument, { variables: { query }, skip: query.length < 2 });
  const open = sale?.status === 'open';
  const choose = async (memberId: string | null) => {
    try {
      if (open) await setMember({ variables: { saleId: sale.id, memberId } });
      else await onOpenSale(memberId);
      setText('');
      setQuery('');
    } catch (err) {
      toast({ title: 'Could not set the customer', description: errorMessage(err), variant: 'error' });
    }
  };
  const member = open ? sale.member : null;
  if (member)
    return (
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Typography sx={{ fontWeight: 600 }} noWrap data-testid="pos-member">
            {member.name}
          </Typography>
          <Typography variant="body2" color="text.secondary" noWrap>
            {member.username ? `@${member.username}` : 'Member'}
          </Typography>
        </Box>
        <Button onClick={() => choose(null)} sx={big}>
          Walk-in instead
        </Button>
      </Box>
    );
  const results = query.length >= 2 ? (found.data?.posMembers ?? []) : [];
  return (
    <Box>
      <TextField
        fullWidth
        label="Member (name, username or scan QR)"
        value={text}
        onChange={(e) => setText(e.target.value)}
        slotProps={{ htmlInput: { maxLength: 2000, autoComplete: 'off' } }}
        helperText={query.length >= 2 && !found.loading && results.length === 0 ? 'No member found — selling to a walk-in.' : undefined}
        sx={{ '& .MuiInputBase-root': { minHeight: 52 } }}
      />
      {results.length > 0 && (
        // Three and a half rows, the rest scrolled: a common name must not push the totals and pay buttons away.
        <Box role="list" aria-label="Members found" sx={{ mt: 1, display: 'grid', gap: 0.75, maxHeight: 212, overflowY: 'auto', pr: 0.5 }}>
          {results.map((m) => (
            <Button
              key={m.id}
              role="listitem"
              variant="outlined"
              onClick={() => choose(m.id)}
              sx={{ ...big, justifyContent: 'flex-start', textTransform: 'none' }}
            >
              {m.name}
              {m.username && (
                <Typography component="span" variant="body2" color="text.secondary" sx={{ ml: 1 }}>
                  @{m.username}
                </Typography>
              )}
            </Button>
          ))}
        </Box>
      )}
    </Box>
  );
}

function LineRow({ line, editable, onDiscount }: { line: Line; editable: boolean; onDiscount: (line: Line) => void }) {
  const { toast } = useToast();
  const [setQuantity, { loading }] = useSetPosLineQuantity();
  const change = (quantity: number) =>
    setQuantity({ variables: { lineId: line.id, quantity } }).catch((err: unknown) =>
      toast({ title: 'Not changed', description: errorMessage(err), variant: 'error' }),
    );
  const gross = line.quantity * line.unitCents;
  return (
    <Box data-testid="pos-line" data-line-id={line.id} sx={{ py: 0.5 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.75 }}>
        <Box sx={{ flex: 1, minWidth: 0 }}>
          {/* Two lines at most, so five lines of a sale fit a 1024×768 register; the whole name is its title. */}
          <Typography
            title={line.description}
            sx={{
              fontWeight: 500,
              fontSize: '0.95rem',
              lineHeight: 1.25,
              display: '-webkit-box',
              WebkitLineClamp: 2,
              WebkitBoxOrient: 'vertical',
              overflow: 'hidden',
            }}
          >
            {line.description}
          </Typography>
          <Typography
            variant="body2"
            color="text.secondary"
            sx={{ display: 'flex', alignItems: 'center', flexWrap: 'wrap', columnGap: 0.5 }}
          >
            {line.coveredBy ? (
              <Box component="span" data-testid="pos-covered" sx={{ color: 'success.main', fontWeight: 600 }}>
                Covered by {line.coveredBy} · {formatMoney(0)}
              </Box>
            ) : (
              `${line.quantity} × ${formatMoney(line.unitCents)}`
            )}
            {editable && !line.coveredBy && (
              <Button size="small" onClick={() => onDiscount(line)} sx={{ minHeight: 28, minWidth: 0, py: 0, px: 0.75 }}>
                {line.discountCents > 0 ? 'Change discount' : 'Discount'}
              </Button>
            )}
          </Typography>
        </Box>
        {editable && (
          <Box sx={{ display: 'flex', alignItems: 'center' }}>
            <IconButton
              aria-label={`One less ${line.description}`}
              onClick={() => change(line.quantity - 1)}
              disabled={loading}
              sx={{ width: 40, height: 40 }}
            >
              <RemoveRounded />
            </IconButton>
            <Typography sx={{ minWidth: 20, textAlign: 'center', fontWeight: 600 }} aria-label="Quantity">
              {line.quantity}
            </Typography>
            <IconButton
              aria-label={`One more ${line.description}`}
              onClick={() => change(line.quantity + 1)}
              disabled={loading || line.category === 'dropin'}
              sx={{ width: 40, height: 40 }}
            >
              <AddRounded />
            </IconButton>
          </Box>
        )}
        <Typography sx={{ minWidth: 64, textAlign: 'right', fontWeight: 600 }}>{money(gross)}</Typography>
      </Box>
      {line.discountCents > 0 && (
        <Typography variant="body2" color="success.main" sx={{ display: 'flex', justifyContent: 'space-between' }}>
          <span>Discount: {line.discountReason}</span>
          {money(-line.discountCents)}
        </Typography>
      )}
    </Box>
  );
}

/** After payment: the change to hand back, and the receipt by email or as a PDF. */
function PaidPanel({ sale, onNewSale }: { sale: Sale; onNewSale: () => void }) {
  const { toast } = useToast();
  const [email, setEmail] = useState(sale.member?.email ?? '');
  const [send, { loading }] = useEmailPosReceipt();
  const sendReceipt = async () => {
    try {
      const { data } = await send({ variables: { saleId: sale.id, email: email.trim() || null } });
      toast({ title: 'Receipt sent', description: `Emailed to ${data!.emailPosReceipt}.`, variant: 'success' });
    } catch (err) {
      toast({ title: 'Receipt not sent', description: errorMessage(err), variant: 'error' });
    }
  };
  return (
    <Box sx={{ display: 'grid', gap: 1.5 }}>
      <Alert severity="success" sx={{ fontSize: '1.05rem' }}>
        {sale.status === 'refunded'
          ? 'Refunded.'
          : sale.paymentMethod === 'account'
            ? 'Charged to the account: an invoice was sent.'
            : sale.paymentMethod === 'card'
              ? 'Paid by card.'
              : 'Paid.'}{' '}
        {sale.changeCents !== null && <strong data-testid="pos-change">Change due: {formatMoney(sale.changeCents)}</strong>}
      </Alert>
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'flex-start' }}>
        <TextField
          label="Email receipt to"
          type="email"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          sx={{ flex: 1, '& .MuiInputBase-root': { minHeight: 48 } }}
          slotProps={{ htmlInput: { maxLength: 254 } }}
        />
        <Button variant="outlined" onClick={sendReceipt} disabled={loading} sx={{ ...big, minWidth: 88 }}>
          Send
        </Button>
      </Box>
      <Button
        variant="outlined"
        sx={big}
        onClick={() =>
          downloadWithToken(sale.receiptPdfUrl!, 'receipt.pdf').catch((err: unknown) =>
            toast({ title: 'Download failed', description: errorMessage(err), variant: 'error' }),
          )
        }
      >
        Download receipt (PDF)
      </Button>
      <Button variant="contained" size="large" onClick={onNewSale} sx={{ minHeight: 56 }}>
        New sale
      </Button>
    </Box>
  );
}

export function PosCart({
  sale,
  onNewSale,
  onOpenSale,
  onRefresh,
}: {
  sale: Sale | null;
  onNewSale: () => void;
  onOpenSale: (memberId: string | null) => Promise<void>;
  /** Reads the sale again (a card payment's link expired). */
  onRefresh: () => void;
}) {
  const { toast } = useToast();
  const [discounting, setDiscounting] = useState<{ line: Line | null } | null>(null);
  const [paying, setPaying] = useState(false);
  const [voidSale] = useVoidPosSale();
  const [charge, { loading: charging }] = useChargePosSaleToAccount();
  const chargeToAccount = (saleId: string) =>
    charge({ variables: { saleId } }).then(
      () => toast({ title: 'Charged to the account', description: 'An invoice for the sale was sent to the member.', variant: 'success' }),
      (err: unknown) => toast({ title: 'Not charged', description: errorMessage(err), variant: 'error' }),
    );
  const [startCard, { loading: startingCard }] = useStartPosCardPayment();
  const payByCard = (saleId: string) =>
    startCard({ variables: { saleId } }).catch((err: unknown) =>
      toast({ title: 'Card payment not started', description: errorMessage(err), variant: 'error' }),
    );
  const open = sale?.status === 'open';
  const lines = sale && sale.status !== 'voided' ? sale.lines : [];
  const panel = useRef<HTMLElement>(null);
  const list = useRef<HTMLDivElement>(null);
  useFitToWindow(panel);
  useNewestLineInView(list, lines);
  return (
    <Paper
      ref={panel}
      component="section"
      aria-label="Sale"
      variant="outlined"
      sx={{
        p: { xs: 1.5, sm: 2 },
        position: { md: 'sticky' },
        top: { md: STICKY_TOP },
        display: { md: 'flex' },
        flexDirection: 'column',
        minHeight: { md: 420 },
      }}
    >
      <Box sx={{ display: 'flex', alignItems: 'baseline', justifyContent: 'space-between', mb: 1 }}>
        <Typography variant="h6" component="h2">
          Sale
        </Typography>
        {lines.length > 0 && (
          <Typography variant="body2" color="text.secondary" data-testid="pos-line-count">
            {lines.length === 1 ? '1 line' : `${lines.length} lines`}
          </Typography>
        )}
      </Box>
      {!sale || open ? (
        <CustomerPicker sale={sale} onOpenSale={onOpenSale} />
      ) : (
        <Typography color="text.secondary">{sale.member ? sale.member.name : 'Walk-in customer'}</Typography>
      )}
      <Divider sx={{ my: 1 }} />
      {lines.length === 0 ? (
        <Typography color="text.secondary" sx={{ py: 3, textAlign: 'center' }}>
          Tap a product or class to add it.
        </Typography>
      ) : (
        <Box
          ref={list}
          data-testid="pos-lines"
          sx={{
            flex: { md: '1 1 auto' },
            minHeight: { md: 56 },
            maxHeight: { xs: 320, md: 'none' },
            overflowY: 'auto',
            mx: -0.5,
            px: 0.5,
            ...scrollShadows,
          }}
        >
          {lines.map((line) => (
            <LineRow key={line.id} line={line} editable={open} onDiscount={(l) => setDiscounting({ line: l })} />
          ))}
        </Box>
      )}
      {sale && lines.length > 0 && (
        <>
          <Divider sx={{ my: 1 }} />
          <Box sx={{ display: 'grid', gap: 0.5 }}>
            {/* The subtotal says something only when a discount takes from it. */}
            {sale.status !== 'awaiting_card' && sale.discountTotalCents > 0 && (
              <Box sx={{ display: 'flex', justifyContent: 'space-between' }}>
                <Typography color="text.secondary">Subtotal</Typography>
                {money(sale.subtotalCents)}
              </Box>
            )}
            {sale.discountTotalCents > 0 && (
              <Box sx={{ display: 'flex', justifyContent: 'space-between', color: 'success.main' }}>
                <Typography>Discounts{sale.discountReason ? ` (sale: ${sale.discountReason})` : ''}</Typography>
                {money(-sale.discountTotalCents)}
              </Box>
            )}
            <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'baseline' }}>
              <Typography variant="h6">Total</Typography>
              <Typography variant="h5" sx={{ fontWeight: 700 }} data-testid="pos-total">
                {money(sale.totalCents)}
              </Typography>
            </Box>
          </Box>
        </>
      )}
      {sale && open && (
        <Box sx={{ display: 'grid', gap: 0.75, mt: 1.5 }}>
          <Button
            variant="contained"
            size="large"
            disabled={lines.length === 0}
            onClick={() => setPaying(true)}
            sx={{ minHeight: 52, fontSize: '1.15rem' }}
          >
            Pay cash {lines.length > 0 && formatMoney(sale.totalCents)}
          </Button>
          <Box sx={{ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: 0.75 }}>
            <Button
              variant="outlined"
              size="large"
              disabled={lines.length === 0 || sale.totalCents <= 0 || startingCard}
              onClick={() => void payByCard(sale.id)}
              sx={big}
            >
              Card (QR)
            </Button>
            <Button
              variant="outlined"
              size="large"
              disabled={lines.length === 0 || !sale.member || sale.totalCents <= 0 || charging}
              title={sale.member ? undefined : 'Choose the member: a walk-in has no account.'}
              onClick={() => void chargeToAccount(sale.id)}
              sx={{ ...big, lineHeight: 1.2, fontSize: '0.9rem', px: 1 }}
            >
              Charge to account{sale.member ? ` (${sale.member.name.split(' ')[0]})` : ''}
            </Button>
          </Box>
          <Box sx={{ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: 0.75 }}>
            <Button variant="outlined" disabled={lines.length === 0} onClick={() => setDiscounting({ line: null })} sx={big}>
              Discount sale
            </Button>
            <Button
              color="inherit"
              variant="outlined"
              sx={big}
              onClick={() =>
                voidSale({ variables: { saleId: sale.id } }).then(onNewSale, (err: unknown) =>
                  toast({ title: 'Not cleared', description: errorMessage(err), variant: 'error' }),
                )
              }
            >
              Clear sale
            </Button>
          </Box>
        </Box>
      )}
      {sale && sale.status === 'awaiting_card' && (
        <Box sx={{ mt: 2 }}>
          <PosCardPanel key={sale.cardPaymentUrl} sale={sale} onExpired={onRefresh} />
        </Box>
      )}
      {sale && (sale.status === 'completed' || sale.status === 'refunded') && (
        <Box sx={{ mt: 2 }}>
          <PaidPanel key={sale.id} sale={sale} onNewSale={onNewSale} />
        </Box>
      )}
      {sale && discounting && <DiscountDialog sale={sale} line={discounting.line} onClose={() => setDiscounting(null)} />}
      {sale && paying && <CashDialog sale={sale} onClose={() => setPaying(false)} />}
    </Paper>
  );
}
