import { formatMoney } from '@studio/rules';
import { useQuery } from '@apollo/client/react';
import SearchRounded from '@mui/icons-material/SearchRounded';
import ShoppingBagOutlined from '@mui/icons-material/ShoppingBagOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Chip from '@mui/material/Chip';
import InputAdornment from '@mui/material/InputAdornment';
import MenuItem from '@mui/material/MenuItem';
import Skeleton from '@mui/material/Skeleton';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { useDeferredValue, useState } from 'react';
import { errorMessage } from '../../app/errors';
import { useToast } from '../../app/toast';
import { useCommittedValue } from '../../app/useCommittedValue';
import { EmptyState } from '../../components/EmptyState';
import { PageFrame } from '../../components/PageFrame';
import { ProductThumb } from '../../components/ProductThumb';
import type { ProductCategory } from '../../graphql/types';
import { MerchCatalogueDocument, type MerchCatalogueQuery } from './merch.generated';
import { stockLabel } from './stockLabel';
import { useAddProductToCart } from './useAddProductToCart';

type Product = MerchCatalogueQuery['products'][number];
type Category = Extract<ProductCategory, 'merchandise' | 'snacks' | 'membership'>;

const CATEGORIES: { value: Category | 'all'; label: string }[] = [
  { value: 'all', label: 'All' },
  { value: 'merchandise', label: 'Merchandise' },
  { value: 'snacks', label: 'Snacks' },
  { value: 'membership', label: 'Class packs' },
];
const MOST_PER_ADD = 10;

function ProductCard({ product }: { product: Product }) {
  const { toast } = useToast();
  const [add, { loading }] = useAddProductToCart();
  const sized = product.variants.length > 1 || Boolean(product.variants[0]?.label);
  const [variantId, setVariantId] = useState<string | null>(sized ? null : (product.variants[0]?.id ?? null));
  const [quantity, setQuantity] = useState(1);
  const [error, setError] = useState<string | null>(null);
  const variant = product.variants.find((v) => v.id === variantId) ?? null;
  const stock = variant ? variant.stock : product.stockLeft;
  const soldOut = product.stockLeft === 0;
  const most = Math.max(1, Math.min(MOST_PER_ADD, stock ?? MOST_PER_ADD));
  const label = stockLabel(stock);

  const addToCart = async () => {
    setError(null);
    if (!variantId) {
      setError('Choose a size first.');
      return;
    }
    try {
      await add({ variables: { productId: product.id, variantId, quantity: Math.min(quantity, most) } });
      toast({ title: 'Added to your cart', description: `${quantity} × ${product.name}${variant?.label ? ` (${variant.label})` : ''}` });
      setQuantity(1);
    } catch (err) {
      setError(errorMessage(err, 'That could not be added. Please try again.'));
    }
  };

  return (
    <Card component="li" data-testid="product" sx={{ display: 'flex', flexDirection: 'column', p: 2.5, gap: 1.25, listStyle: 'none' }}>
      <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 1.5 }}>
        <ProductThumb url={product.coverImage?.thumbnailUrl} category={product.category} size={{ xs: 72, sm: 88 }} radius={3} />
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Typography component="h2" sx={{ fontWeight: 'fontWeightBold', lineHeight: 1.3 }}>
            {product.name}
          </Typography>
          <Typography sx={{ fontWeight: 'fontWeightExtraBold', fontVariantNumeric: 'tabular-nums' }}>
            {formatMoney(product.priceCents)}
          </Typography>
        </Box>
        {label && (
          <Chip
            size="small"
            label={label}
            color={label === 'Sold out' ? 'default' : 'warning'}
            variant="outlined"
            data-testid="stock-label"
          />
        )}
      </Box>
      <Typography variant="body2" color="text.secondary" sx={{ flex: 1 }}>
        {product.description}
      </Typography>
      {sized && (
        <ToggleButtonGroup
          exclusive
          size="small"
          value={variantId}
          onChange={(_e, next: string | null) => {
            setVariantId(next);
            setQuantity(1);
            setError(null);
          }}
          aria-label={`Size of ${product.name}`}
          sx={{ flexWrap: 'wrap' }}
        >
          {product.variants.map((v) => (
            <ToggleButton key={v.id} value={v.id} disabled={v.stock === 0} aria-label={`${v.label}${v.stock === 0 ? ', sold out' : ''}`}>
              {v.label}
            </ToggleButton>
          ))}
        </ToggleButtonGroup>
      )}
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'center' }}>
        <TextField
          select
          size="small"
          label="Qty"
          value={Math.min(quantity, most)}
          onChange={(e) => setQuantity(Number(e.target.value))}
          disabled={soldOut}
          sx={{ width: 84 }}
          slotProps={{ htmlInput: { 'aria-label': `Quantity of ${product.name}` } }}
        >
          {Array.from({ length: most }, (_, i) => i + 1).map((n) => (
            <MenuItem key={n} value={n}>
              {n}
            </MenuItem>
          ))}
        </TextField>
        <Button
          fullWidth
          variant="contained"
          disabled={soldOut || loading}
          onClick={() => void addToCart()}
          aria-label={soldOut ? `Sold out: ${product.name}` : `Add to cart: ${product.name}`}
        >
          {soldOut ? 'Sold out' : loading ? 'Adding…' : 'Add to cart'}
        </Button>
      </Box>
      {error && (
        <Alert severity="error" sx={{ py: 0 }}>
          {error}
        </Alert>
      )}
    </Card>
  );
}

/** /merch: merchandise and snacks by category, with search; stock is shown ("3 left", "Sold out"). */
export default function MerchPage() {
  const [category, setCategory] = useState<Category | 'all'>('all');
  const [search, setSearch] = useState('');
  // The query takes the search once its deferred render is committed (see useCommittedValue): that render is
  // interruptible, and an urgent one in between (the next keystroke, the query's own answer) reads the old search.
  const deferredSearch = useCommittedValue(useDeferredValue(search.trim()));
  const { data, loading, error } = useQuery(MerchCatalogueDocument, {
    variables: { category: category === 'all' ? null : category, search: deferredSearch || null },
  });
  const products = data?.products ?? [];

  return (
    <PageFrame
      title="Merch & Snacks"
      subtitle="Grip aids, studio wear and something to eat after class. Pay for everything in your cart at once."
    >
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center', justifyContent: 'space-between', mb: 3 }}>
        <Tabs value={category} onChange={(_e, v: Category | 'all') => setCategory(v)} aria-label="Category">
          {CATEGORIES.map((c) => (
            <Tab key={c.value} value={c.value} label={c.label} />
          ))}
        </Tabs>
        <TextField
          size="small"
          type="search"
          placeholder="Search the shop"
          value={search}
          onChange={(e) => setSearch(e.target.value.slice(0, 100))}
          sx={{ width: { xs: '100%', sm: 280 } }}
          slotProps={{
            htmlInput: { 'aria-label': 'Search the shop' },
            input: {
              startAdornment: (
                <InputAdornment position="start">
                  <SearchRounded fontSize="small" />
                </InputAdornment>
              ),
            },
          }}
        />
      </Box>
      {error && !data ? (
        <Alert severity="error">{errorMessage(error, 'The shop could not be loaded.')}</Alert>
      ) : loading && !data ? (
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', lg: 'repeat(3, 1fr)' } }}>
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} variant="rounded" height={220} />
          ))}
        </Box>
      ) : products.length === 0 ? (
        <Card>
          <EmptyState icon={<ShoppingBagOutlined />} title="Nothing found">
            {deferredSearch ? `Nothing in the shop matches “${deferredSearch}”.` : 'There is nothing in this category yet.'}
          </EmptyState>
        </Card>
      ) : (
        <Box
          component="ul"
          aria-label="Products"
          sx={{ m: 0, p: 0, display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', lg: 'repeat(3, 1fr)' } }}
        >
          {products.map((p) => (
            <ProductCard key={p.id} product={p} />
          ))}
        </Box>
      )}
    </PageFrame>
  );
}
