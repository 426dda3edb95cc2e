import { formatMoney } from '@studio/rules';
import { useQuery } from '@apollo/client/react';
import AddRounded from '@mui/icons-material/AddRounded';
import CloseRounded from '@mui/icons-material/CloseRounded';
import RemoveRounded from '@mui/icons-material/RemoveRounded';
import ShoppingBagOutlined from '@mui/icons-material/ShoppingBagOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import Popover from '@mui/material/Popover';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { errorMessage, graphQLErrorsOf } from '../app/errors';
import { leavePage } from '../app/leavePage';
import { useToast } from '../app/toast';
import { cartTotalCents, formatCartDate } from './cartFormat';
import { EmptyState } from './EmptyState';
import { HoldCountdown } from './schedule/holds';
import { type CartItem } from './cartCache';
import { useClearCart } from './useClearCart';
import { useClearProductCart } from './useClearProductCart';
import { useCreateCheckoutSession } from './useCreateCheckoutSession';
import { useRemoveCartItem } from './useRemoveCartItem';
import { useRemoveFromCart } from './useRemoveFromCart';
import { useSetCartItemQuantity } from './useSetCartItemQuantity';
import type { ProductLine } from './productCartCache';
import { ProductThumb } from './ProductThumb';
import { CartDocument, ProductCartDocument } from './cart.generated';

export interface PanelProps {
  id: string;
  anchorEl: HTMLElement | null;
  open: boolean;
  onClose: () => void;
  signedIn: boolean;
}

export const EMPTY_CART_TOAST = { title: 'Cart Empty', description: 'Please add items to your cart before checking out.' } as const;
/** The checkout messages, word for word. */
export const CHECKOUT_ERROR_TITLE = 'Checkout Error';
export const CHECKOUT_FAILED = 'Failed to start checkout process. Please try again.';
export const NO_CHECKOUT_URL = 'Unable to redirect to checkout';

function CartLine({ item, onRemove, removing }: { item: CartItem; onRemove: () => void; removing: boolean }) {
  const c = item.booking.classInstance;
  const name = c?.blueprint.name ?? 'Class';
  return (
    <Box
      component="li"
      data-testid="cart-item"
      sx={{ display: 'flex', gap: 1.5, px: 2.5, py: 1.5, '&:not(:first-of-type)': { borderTop: 1, borderColor: 'divider' } }}
    >
      <Box sx={{ flex: 1, minWidth: 0 }}>
        <Typography sx={{ fontWeight: 'fontWeightBold', lineHeight: 1.3, overflowWrap: 'anywhere' }}>{name}</Typography>
        <Typography variant="body2" color="text.secondary">
          For {item.booking.attendee.firstName}
          {c?.blueprint.apparatus.name ? ` · ${c.blueprint.apparatus.name}` : ''}
        </Typography>
        <Typography variant="body2" color="text.secondary" data-testid="cart-item-date">
          {formatCartDate(c?.date, c?.startTime, c?.endTime)}
        </Typography>
        {c?.instructor.name && (
          <Typography variant="body2" color="text.secondary">
            with {c.instructor.name}
          </Typography>
        )}
        <Typography variant="body2" sx={{ mt: 0.25 }}>
          <HoldCountdown until={item.booking.holdExpiresAt} />
        </Typography>
      </Box>
      <Box sx={{ display: 'flex', flexDirection: 'column', alignItems: 'flex-end', justifyContent: 'space-between', gap: 0.5 }}>
        <Typography sx={{ fontWeight: 'fontWeightExtraBold', fontVariantNumeric: 'tabular-nums' }} data-testid="cart-item-price">
          {formatMoney(item.priceCents)}
        </Typography>
        <IconButton
          size="small"
          aria-label={`Remove ${name} for ${item.booking.attendee.firstName} from the cart`}
          onClick={onRemove}
          disabled={removing}
        >
          <CloseRounded fontSize="small" />
        </IconButton>
      </Box>
    </Box>
  );
}

const MAX_QUANTITY = 99;

function ProductCartLine({
  line,
  busy,
  onQuantity,
  onRemove,
}: {
  line: ProductLine;
  busy: boolean;
  onQuantity: (quantity: number) => void;
  onRemove: () => void;
}) {
  const name = line.variant.label ? `${line.product.name} (${line.variant.label})` : line.product.name;
  const most = Math.min(MAX_QUANTITY, line.variant.stock ?? MAX_QUANTITY);
  return (
    <Box
      component="li"
      data-testid="cart-product"
      sx={{ display: 'flex', gap: 1.5, px: 2.5, py: 1.5, '&:not(:first-of-type)': { borderTop: 1, borderColor: 'divider' } }}
    >
      <ProductThumb url={line.product.coverImage?.thumbnailUrl} category={line.product.category} size={48} />
      <Box sx={{ flex: 1, minWidth: 0 }}>
        <Typography sx={{ fontWeight: 'fontWeightBold', lineHeight: 1.3, overflowWrap: 'anywhere' }}>{name}</Typography>
        <Typography variant="body2" color="text.secondary">
          {formatMoney(line.product.priceCents)} each
        </Typography>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5, mt: 0.5 }} role="group" aria-label={`Quantity of ${name}`}>
          <IconButton
            size="small"
            aria-label={`One fewer ${name}`}
            disabled={busy || line.quantity <= 1}
            onClick={() => onQuantity(line.quantity - 1)}
          >
            <RemoveRounded fontSize="small" />
          </IconButton>
          <Typography
            component="span"
            sx={{ minWidth: 24, textAlign: 'center', fontVariantNumeric: 'tabular-nums' }}
            data-testid="cart-product-quantity"
          >
            {line.quantity}
          </Typography>
          <IconButton
            size="small"
            aria-label={`One more ${name}`}
            disabled={busy || line.quantity >= most}
            onClick={() => onQuantity(line.quantity + 1)}
          >
            <AddRounded fontSize="small" />
          </IconButton>
        </Box>
      </Box>
      <Box sx={{ display: 'flex', flexDirection: 'column', alignItems: 'flex-end', justifyContent: 'space-between', gap: 0.5 }}>
        <Typography sx={{ fontWeight: 'fontWeightExtraBold', fontVariantNumeric: 'tabular-nums' }}>
          {formatMoney(line.lineTotalCents)}
        </Typography>
        <IconButton size="small" aria-label={`Remove ${name} from the cart`} onClick={onRemove} disabled={busy}>
          <CloseRounded fontSize="small" />
        </IconButton>
      </Box>
    </Box>
  );
}

/** The cart popover: held class spots and products with remove, quantities, clear, the total and Checkout. */
export default function CartPanel({ id, anchorEl, open, onClose, signedIn }: PanelProps) {
  const { toast } = useToast();
  const [error, setError] = useState<string | null>(null);
  const { data, loading, error: loadError } = useQuery(CartDocument, { skip: !signedIn });
  const { data: productData } = useQuery(ProductCartDocument, { skip: !signedIn });
  const [remove, { loading: removingClass }] = useRemoveFromCart();
  const [clear, { loading: clearingClasses }] = useClearCart();
  const [setQuantity, { loading: changingQuantity }] = useSetCartItemQuantity();
  const [removeProduct, { loading: removingProduct }] = useRemoveCartItem();
  const [clearProducts, { loading: clearingProducts }] = useClearProductCart();
  const [createCheckout, { loading: startingCheckout }] = useCreateCheckoutSession();
  const removing = removingClass || removingProduct || changingQuantity;
  const clearing = clearingClasses || clearingProducts;
  const cart = signedIn ? data?.cart : undefined;
  const items = cart?.items ?? [];
  const products = signedIn ? (productData?.productCart ?? []) : [];
  const count = items.length + products.reduce((sum, p) => sum + p.quantity, 0);
  const total = cartTotalCents(
    cart?.totalPriceCents ?? 0,
    products.map((p) => ({ priceCents: p.product.priceCents, quantity: p.quantity })),
  );

  const removeItem = async (item: CartItem) => {
    setError(null);
    try {
      await remove({ variables: { classInstanceId: item.classInstanceId } });
    } catch (err) {
      setError(errorMessage(err, 'That item could not be removed. Please try again.'));
    }
  };
  const changeProduct = async (change: () => Promise<unknown>) => {
    setError(null);
    try {
      await change();
    } catch (err) {
      setError(errorMessage(err, 'That item could not be changed. Please try again.'));
    }
  };
  const clearAll = async () => {
    setError(null);
    try {
      // Both carts are cleared in parallel.
      await Promise.all([items.length ? clear() : null, products.length ? clearProducts() : null]);
    } catch (err) {
      setError(errorMessage(err, 'The cart could not be cleared. Please try again.'));
    }
  };
  const checkout = async () => {
    if (count === 0) {
      toast({ ...EMPTY_CART_TOAST, variant: 'error' });
      return;
    }
    try {
      const { data: started } = await createCheckout();
      const url = started?.createCheckoutSession.url;
      if (!url) {
        toast({ title: NO_CHECKOUT_URL, variant: 'error' });
        return;
      }
      leavePage.to(url);
    } catch (err) {
      const serverMessage = graphQLErrorsOf(err)[0]?.message;
      toast({ title: CHECKOUT_ERROR_TITLE, description: serverMessage || CHECKOUT_FAILED, variant: 'error' });
    }
  };

  return (
    <Popover
      id={id}
      open={open}
      anchorEl={anchorEl}
      onClose={onClose}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
      transformOrigin={{ vertical: 'top', horizontal: 'right' }}
      slotProps={{
        paper: {
          role: 'dialog',
          'aria-label': 'Cart',
          sx: {
            width: 380,
            maxWidth: 'calc(100vw - 24px)',
            mt: 1,
            display: 'flex',
            flexDirection: 'column',
            maxHeight: 'calc(100vh - 96px)',
          },
        },
      }}
    >
      <Box sx={{ px: 2.5, pt: 2, pb: 1.5, display: 'flex', alignItems: 'baseline', justifyContent: 'space-between' }}>
        <Typography component="h2" variant="subtitle1">
          Your cart
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {count} {count === 1 ? 'item' : 'items'}
        </Typography>
      </Box>
      <Divider />
      {!signedIn ? (
        <>
          <EmptyState dense icon={<ShoppingBagOutlined />} title="Your cart is empty">
            Sign in to book classes and shop the studio.
          </EmptyState>
          <Divider />
          <Box sx={{ p: 1.5 }}>
            <Button fullWidth variant="contained" component={RouterLink} to="/login" onClick={onClose}>
              Sign in
            </Button>
          </Box>
        </>
      ) : (
        <>
          <Box sx={{ overflowY: 'auto', flex: '0 1 auto' }}>
            {loadError && !cart ? (
              <Alert severity="error" sx={{ m: 2 }}>
                {errorMessage(loadError, 'Your cart could not be loaded.')}
              </Alert>
            ) : loading && !cart ? (
              <Box sx={{ px: 2.5, py: 1 }}>
                <Skeleton height={56} />
                <Skeleton height={56} />
              </Box>
            ) : count === 0 ? (
              <EmptyState
                dense
                icon={<ShoppingBagOutlined />}
                title="Your cart is empty"
                action={
                  <Button variant="outlined" component={RouterLink} to="/classes" onClick={onClose} sx={{ whiteSpace: 'nowrap' }}>
                    Browse classes
                  </Button>
                }
              >
                Classes you book are held here for 15 minutes; merch and snacks wait here until you check out.
              </EmptyState>
            ) : (
              <Box component="ul" aria-label="Items in your cart" sx={{ listStyle: 'none', m: 0, p: 0 }}>
                {items.map((item) => (
                  <CartLine key={item.id} item={item} removing={removing || clearing} onRemove={() => void removeItem(item)} />
                ))}
                {products.map((line) => (
                  <ProductCartLine
                    key={line.id}
                    line={line}
                    busy={removing || clearing}
                    onQuantity={(quantity) => void changeProduct(() => setQuantity({ variables: { itemId: line.id, quantity } }))}
                    onRemove={() => void changeProduct(() => removeProduct({ variables: { itemId: line.id } }))}
                  />
                ))}
              </Box>
            )}
          </Box>
          {error && (
            <Alert severity="error" sx={{ mx: 2, mb: 1 }}>
              {error}
            </Alert>
          )}
          <Divider />
          <Box sx={{ px: 2.5, pt: 1.5, display: 'flex', alignItems: 'baseline', justifyContent: 'space-between' }}>
            <Typography sx={{ fontWeight: 'fontWeightBold' }}>Total</Typography>
            <Typography
              sx={{ fontWeight: 'fontWeightExtraBold', fontSize: 18, fontVariantNumeric: 'tabular-nums' }}
              data-testid="cart-total"
            >
              {formatMoney(total)}
            </Typography>
          </Box>
          <Box sx={{ p: 1.5, pt: 1, display: 'flex', gap: 1 }}>
            <Button
              fullWidth
              variant="outlined"
              onClick={() => void clearAll()}
              disabled={count === 0 || clearing || removing}
              sx={{ whiteSpace: 'nowrap' }}
            >
              {clearing ? 'Clearing…' : 'Clear cart'}
            </Button>
            <Button
              fullWidth
              variant="contained"
              onClick={() => void checkout()}
              disabled={startingCheckout || clearing}
              sx={{ whiteSpace: 'nowrap' }}
            >
              {startingCheckout ? 'Starting checkout…' : 'Checkout'}
            </Button>
          </Box>
        </>
      )}
    </Popover>
  );
}
