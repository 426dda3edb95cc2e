import ShoppingBagOutlined from '@mui/icons-material/ShoppingBagOutlined';
import { Suspense, useId, useState } from 'react';
import { LazyCartPanel, loadCartPanel, prefetch } from './lazyOverlay';
import { badgeLabel } from './navItems';
import { CountBadge, IconBtn } from './ui';

/**
 * The cart (class bookings plus products). Carts arrive with their own issue; until then the cart is empty and
 * says so, with a way to find classes and merch. The popover's code loads on first use.
 */
export function CartPopover({ itemCount = 0, signedIn }: { itemCount?: number; signedIn: boolean }) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [used, setUsed] = useState(false);
  const id = useId();
  const badge = badgeLabel(itemCount);
  return (
    <>
      <IconBtn
        type="button"
        aria-label={badge ? `Cart, ${badge} items` : 'Cart'}
        title="Cart"
        aria-haspopup="dialog"
        aria-expanded={Boolean(anchor)}
        aria-controls={anchor ? id : undefined}
        onPointerEnter={prefetch(loadCartPanel)}
        onFocus={prefetch(loadCartPanel)}
        onClick={(e: React.MouseEvent<HTMLButtonElement>) => {
          setUsed(true);
          setAnchor(e.currentTarget);
        }}
      >
        <ShoppingBagOutlined />
        {badge && <CountBadge aria-hidden>{badge}</CountBadge>}
      </IconBtn>
      {used && (
        <Suspense fallback={null}>
          <LazyCartPanel id={id} anchorEl={anchor} open={Boolean(anchor)} onClose={() => setAnchor(null)} signedIn={signedIn} itemCount={itemCount} />
        </Suspense>
      )}
    </>
  );
}
