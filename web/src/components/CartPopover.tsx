import { useQuery } from '@apollo/client/react';
import ShoppingBagOutlined from '@mui/icons-material/ShoppingBagOutlined';
import { useEffect, useId, useState } from 'react';
import { CartDocument, ProductCartDocument } from './cart.generated';
import { LazyCartPanel, loadCartPanel, prefetch } from './lazyOverlay';
import { badgeLabel } from './navItems';
import { CountBadge, IconBtn } from './ui';

/**
 * The cart button with its item count. The cart (held spots and products) refetches on mount and on
 * window focus (the only data that does). The popover's code loads on first use.
 */
export function CartPopover({ signedIn }: { signedIn: boolean }) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [used, setUsed] = useState(false);
  const id = useId();
  const fetchPolicy = { skip: !signedIn, fetchPolicy: 'cache-and-network', nextFetchPolicy: 'cache-first' } as const;
  const { data, refetch } = useQuery(CartDocument, fetchPolicy);
  const { data: products, refetch: refetchProducts } = useQuery(ProductCartDocument, fetchPolicy);

  useEffect(() => {
    if (!signedIn) return;
    const onFocus = () => {
      refetch().catch(() => undefined);
      refetchProducts().catch(() => undefined);
    };
    window.addEventListener('focus', onFocus);
    return () => window.removeEventListener('focus', onFocus);
  }, [signedIn, refetch, refetchProducts]);

  const productCount = (products?.productCart ?? []).reduce((sum, line) => sum + line.quantity, 0);
  const itemCount = signedIn ? (data?.cart.totalItems ?? 0) + productCount : 0;
  const badge = badgeLabel(itemCount);
  return (
    <>
      <IconBtn
        type="button"
        aria-label={badge ? `Cart, ${badge} ${itemCount === 1 ? 'item' : 'items'}` : 'Cart'}
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
      {used && <LazyCartPanel id={id} anchorEl={anchor} open={Boolean(anchor)} onClose={() => setAnchor(null)} signedIn={signedIn} />}
    </>
  );
}
