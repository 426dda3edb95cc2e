import { formatMoney } from '@studio/rules';
import { useQuery } from '@apollo/client/react';
import SearchRounded from '@mui/icons-material/SearchRounded';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import ButtonBase from '@mui/material/ButtonBase';
import InputAdornment from '@mui/material/InputAdornment';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMemo, useState } from 'react';
import { errorMessage } from '../../../app/errors';
import { useToast } from '../../../app/toast';
import { useDocumentTitle } from '../../../components/PageFrame';
import { PosCatalogDocument, PosSaleDocument, type PosCatalogQuery } from './pos.generated';
import { PosCart } from './PosCart';
import { PosDayDialog } from './PosDayDialog';
import { CATEGORY_LABELS, SALE_KEY, type PosCategoryKey } from './posRules';
import { useAddPosItem } from './useAddPosItem';
import { useOpenPosSale } from './useOpenPosSale';

type CatalogItem = PosCatalogQuery['posCatalog'][number];
type Filter = 'all' | PosCategoryKey;

function readSaleId(): string | null {
  try {
    return localStorage.getItem(SALE_KEY);
  } catch {
    return null;
  }
}
function writeSaleId(id: string | null) {
  try {
    if (id) localStorage.setItem(SALE_KEY, id);
    else localStorage.removeItem(SALE_KEY);
  } catch {
    // private mode: the sale lives as long as the page
  }
}

const soldOut = (item: CatalogItem) => item.stock !== null && item.stock <= 0;

/** One big tile of the product grid: name, option or class time, price, and what is left. */
function ItemTile({ item, onAdd, busy }: { item: CatalogItem; onAdd: (item: CatalogItem) => void; busy: boolean }) {
  const out = soldOut(item);
  return (
    <ButtonBase
      focusRipple
      disabled={out || busy}
      onClick={() => onAdd(item)}
      data-testid="pos-item"
      sx={{
        minHeight: 104,
        p: 1.5,
        borderRadius: 2,
        border: 1,
        borderColor: 'divider',
        bgcolor: 'background.paper',
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'stretch',
        justifyContent: 'space-between',
        textAlign: 'left',
        opacity: out ? 0.5 : 1,
        '&:hover': { borderColor: 'primary.main' },
      }}
    >
      <Box>
        <Typography sx={{ fontWeight: 600, lineHeight: 1.25 }}>{item.name}</Typography>
        {item.detail && (
          <Typography variant="body2" color="text.secondary">
            {item.detail}
          </Typography>
        )}
      </Box>
      <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'baseline', mt: 1 }}>
        {item.coveredBy ? (
          <Typography data-testid="pos-item-covered" sx={{ fontWeight: 700, color: 'success.main' }}>
            Covered by {item.coveredBy}
          </Typography>
        ) : (
          <Typography sx={{ fontWeight: 700, fontVariantNumeric: 'tabular-nums' }}>{formatMoney(item.priceCents)}</Typography>
        )}
        <Typography variant="caption" color={out ? 'error' : 'text.secondary'}>
          {out ? 'Sold out' : item.stock !== null && item.category !== 'dropin' ? `${item.stock} left` : ''}
        </Typography>
      </Box>
    </ButtonBase>
  );
}

/**
 * /admin/pos: the front-desk register, for a 1024×768 tablet and a desktop. Left: the product grid by category
 * (merch, snacks, today's drop-in classes) with search; right: the sale — member or walk-in, lines, discounts, cash
 * payment with the change, receipt by email or PDF. The end of the day opens as a dialog. The open sale is kept on the
 * server (its id in this browser), so a reload keeps it.
 */
export default function PosPage() {
  useDocumentTitle('Point of Sale');
  const { toast } = useToast();
  const [saleId, setSaleIdState] = useState<string | null>(readSaleId);
  const setSaleId = (id: string | null) => {
    writeSaleId(id);
    setSaleIdState(id);
  };
  const [filter, setFilter] = useState<Filter>('all');
  const [search, setSearch] = useState('');
  const [dayOpen, setDayOpen] = useState(false);
  const sale = useQuery(PosSaleDocument, { variables: { saleId: saleId ?? '' }, skip: !saleId });
  const saleMemberId = sale.data?.posSale.status === 'open' ? (sale.data.posSale.member?.id ?? null) : null;
  // With the sale's member, drop-ins their membership or pack pays for say so.
  const catalog = useQuery(PosCatalogDocument, { variables: { memberId: saleMemberId }, fetchPolicy: 'cache-and-network' });
  const [openSale, { loading: opening }] = useOpenPosSale();
  const [addItem, { loading: adding }] = useAddPosItem();

  const current = sale.data?.posSale ?? null;
  const items = useMemo(() => {
    const words = search.trim().toLowerCase();
    return (catalog.data?.posCatalog ?? []).filter(
      (i) => (filter === 'all' || i.category === filter) && (!words || `${i.name} ${i.detail}`.toLowerCase().includes(words)),
    );
  }, [catalog.data, filter, search]);

  /** The sale to add to: the open one, or a new one (a paid or voided sale on screen starts the next). */
  const ensureSale = async (): Promise<string> => {
    if (saleId && current?.status === 'open') return saleId;
    const memberId = current?.status === 'open' ? (current.member?.id ?? null) : null;
    const { data } = await openSale({ variables: { memberId } });
    setSaleId(data!.openPosSale.id);
    return data!.openPosSale.id;
  };

  const add = async (item: CatalogItem) => {
    try {
      const id = await ensureSale();
      await addItem({ variables: { saleId: id, variantId: item.variantId, classInstanceId: item.classInstanceId, quantity: 1 } });
    } catch (err) {
      toast({ title: 'Not added', description: errorMessage(err), variant: 'error' });
    }
  };

  const staleSale = saleId && sale.error;
  return (
    <Box sx={{ px: { xs: 2, sm: 3 }, py: { xs: 2, md: 3 }, maxWidth: 1440, mx: 'auto' }}>
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 2, mb: 2, flexWrap: 'wrap' }}>
        <Typography component="h1" variant="h4" sx={{ fontSize: { xs: '1.5rem', md: '1.9rem' } }}>
          Point of Sale
        </Typography>
        <Button variant="outlined" size="large" onClick={() => setDayOpen(true)} sx={{ minHeight: 48 }}>
          End of day
        </Button>
      </Box>
      {staleSale && (
        <Alert severity="info" sx={{ mb: 2 }} action={<Button onClick={() => setSaleId(null)}>Start a new sale</Button>}>
          The last sale on this screen could not be loaded.
        </Alert>
      )}
      <Box
        sx={{
          display: 'grid',
          gridTemplateColumns: { xs: '1fr', md: 'minmax(0, 1fr) 380px', lg: 'minmax(0, 1fr) 420px' },
          gap: { xs: 2, md: 2.5 },
          alignItems: 'start',
        }}
      >
        <Box component="section" aria-label="Products" sx={{ minWidth: 0 }}>
          <TextField
            fullWidth
            placeholder="Search products and classes"
            value={search}
            onChange={(e) => setSearch(e.target.value)}
            slotProps={{
              htmlInput: { 'aria-label': 'Search products and classes', maxLength: 100 },
              input: {
                startAdornment: (
                  <InputAdornment position="start">
                    <SearchRounded />
                  </InputAdornment>
                ),
              },
            }}
            sx={{ mb: 1, '& .MuiInputBase-root': { minHeight: 52 } }}
          />
          <Tabs
            value={filter}
            onChange={(_e, v: Filter) => setFilter(v)}
            variant="scrollable"
            allowScrollButtonsMobile
            sx={{ mb: 1.5, '& .MuiTab-root': { minHeight: 52, fontSize: '1rem' } }}
          >
            <Tab value="all" label="All" />
            {(Object.keys(CATEGORY_LABELS) as PosCategoryKey[]).map((key) => (
              <Tab key={key} value={key} label={CATEGORY_LABELS[key]} />
            ))}
          </Tabs>
          {catalog.error && <Alert severity="error">{errorMessage(catalog.error)}</Alert>}
          {!catalog.loading && items.length === 0 && !catalog.error && (
            <Typography color="text.secondary" sx={{ py: 4, textAlign: 'center' }}>
              {filter === 'dropin' ? 'No more classes today.' : 'Nothing matches.'}
            </Typography>
          )}
          <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(148px, 1fr))', gap: 1.25 }}>
            {items.map((item) => (
              <ItemTile
                key={item.variantId ?? item.classInstanceId}
                item={item}
                onAdd={add}
                busy={opening || adding || current?.status === 'awaiting_card'}
              />
            ))}
          </Box>
        </Box>
        <PosCart
          sale={current}
          onNewSale={() => setSaleId(null)}
          onRefresh={() => void sale.refetch()}
          onOpenSale={async (memberId) => {
            const { data } = await openSale({ variables: { memberId } });
            setSaleId(data!.openPosSale.id);
          }}
        />
      </Box>
      {dayOpen && <PosDayDialog onClose={() => setDayOpen(false)} />}
    </Box>
  );
}
