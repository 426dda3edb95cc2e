import { formatMoney } from '@studio/rules';
import AddRounded from '@mui/icons-material/AddRounded';
import ArchiveOutlined from '@mui/icons-material/ArchiveOutlined';
import UnarchiveOutlined from '@mui/icons-material/UnarchiveOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import type { GridColDef } from '@mui/x-data-grid';
import { useCallback, useMemo, useState } from 'react';
import { errorMessage } from '../../../app/errors';
import { useToast } from '../../../app/toast';
import { useCommittedSearchParams } from '../../../app/useCommittedValue';
import { actionsColumn, DataTable, TableFilterSelect, TableSearchField } from '../../../components/DataTable';
import { EditIconButton } from '../../../components/EditIconButton';
import { PageFrame } from '../../../components/PageFrame';
import { ProductThumb } from '../../../components/ProductThumb';
import { useAdminTable } from '../../../components/useAdminTable';
import { AdminProductsDocument, type AdminProductRowFragment } from './adminMerch.generated';
import { AdjustStockDialog } from './AdjustStockDialog';
import { MERCH_TABLE, type MerchFilters } from './AdminMerchPage.preload';
import { CATEGORY_LABELS, stockText, type ShopCategory } from './merchRules';
import { ProductDialog } from './ProductDialog';
import { ProductDrawer, StatusChip } from './ProductDrawer';
import { useArchiveProduct } from './useArchiveProduct';
import { useRestoreProduct } from './useRestoreProduct';

const categoryLabel = (category: string) => CATEGORY_LABELS[category as ShopCategory] ?? category;

function StockCell({ product }: { product: AdminProductRowFragment }) {
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.75, justifyContent: 'flex-end', width: '100%' }}>
      {product.lowStock && <Chip size="small" color="warning" label="Low" />}
      <Typography
        variant="body2"
        sx={{ fontVariantNumeric: 'tabular-nums', fontWeight: product.lowStock ? 'fontWeightBold' : 'fontWeightRegular' }}
      >
        {stockText(product.stockLeft)}
      </Typography>
    </Box>
  );
}

/** "3 sizes" or nothing, for a row's second line. */
const optionsLine = (p: AdminProductRowFragment) =>
  p.variants.length > 1 ? `${p.variants.length} options: ${p.variants.map((v) => v.label).join(', ')}` : p.description || 'No description';

/**
 * /admin/merch: the shop's products in a server-paged table (search, category, on sale or archived, low stock);
 * add and edit products with their options, archive and restore them; a product's drawer holds its pictures, stock
 * per option with adjustments and their history.
 */
export default function AdminMerchPage() {
  const { toast } = useToast();
  const { table, filters: f, onSearch, grid } = useAdminTable(AdminProductsDocument, MERCH_TABLE, (d) => d.adminProducts);
  const { setFilter } = table;
  // The queries follow the address once its move is committed (see useCommittedValue).
  const [params, setParams] = useCommittedSearchParams();
  const openId = params.get('product');
  const [editing, setEditing] = useState<{ product: AdminProductRowFragment | null } | null>(null);
  const [adjusting, setAdjusting] = useState<{ product: AdminProductRowFragment; variantId: string | null } | null>(null);
  const [archive] = useArchiveProduct();
  const [restore] = useRestoreProduct();
  const open = useCallback((id: string) => setParams({ product: id }), [setParams]);

  const toggleArchived = useCallback(
    async (product: AdminProductRowFragment) => {
      try {
        if (product.active) {
          await archive({ variables: { id: product.id } });
          toast({ title: 'Product archived', description: `${product.name} is no longer in the shop; Restore puts it back.` });
        } else {
          await restore({ variables: { id: product.id } });
          toast({ title: 'Product restored', description: `${product.name} is back in the shop.`, variant: 'success' });
        }
      } catch (err) {
        toast({ title: 'That did not work', description: errorMessage(err), variant: 'error' });
      }
    },
    [archive, restore, toast],
  );

  const columns = useMemo<GridColDef<AdminProductRowFragment>[]>(
    () => [
      {
        field: 'name',
        headerName: 'Product',
        flex: 1,
        minWidth: 240,
        renderCell: ({ row }) => (
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.25, minWidth: 0 }}>
            <ProductThumb url={row.coverImage?.thumbnailUrl} category={row.category} size={40} />
            <Box sx={{ minWidth: 0, lineHeight: 1.3 }}>
              <Typography variant="body2" noWrap sx={{ fontWeight: 'fontWeightSemiBold' }}>
                {row.name}
              </Typography>
              <Typography variant="caption" color="text.secondary" noWrap component="p">
                {optionsLine(row)}
              </Typography>
            </Box>
          </Box>
        ),
      },
      { field: 'category', headerName: 'Category', width: 130, valueFormatter: (v: string) => categoryLabel(v) },
      {
        field: 'priceCents',
        headerName: 'Price',
        width: 100,
        align: 'right',
        headerAlign: 'right',
        valueFormatter: (v: number) => formatMoney(v),
      },
      {
        field: 'stockLeft',
        headerName: 'Stock',
        width: 150,
        align: 'right',
        headerAlign: 'right',
        renderCell: ({ row }) => <StockCell product={row} />,
      },
      { field: 'active', headerName: 'Status', width: 110, sortable: false, renderCell: ({ row }) => <StatusChip active={row.active} /> },
      actionsColumn(96, (row) => (
        <Box onClick={(e) => e.stopPropagation()} sx={{ display: 'flex' }}>
          <EditIconButton name={row.name} onClick={() => setEditing({ product: row })} />
          <Tooltip title={row.active ? 'Archive' : 'Restore'}>
            <IconButton
              size="small"
              onClick={() => void toggleArchived(row)}
              aria-label={`${row.active ? 'Archive' : 'Restore'} ${row.name}`}
            >
              {row.active ? <ArchiveOutlined fontSize="small" /> : <UnarchiveOutlined fontSize="small" />}
            </IconButton>
          </Tooltip>
        </Box>
      )),
    ],
    [toggleArchived],
  );

  return (
    <PageFrame
      title="Merch & Snacks Management"
      subtitle="What the shop sells: prices, options and stock, pictures, and who changed stock when and why."
    >
      <DataTable
        label="Products"
        noun={['product', 'products']}
        {...grid}
        columns={columns}
        rowHeight={64}
        onRowClick={(row) => open(row.id)}
        selectedId={openId}
        emptyText="No products match these filters."
        search={
          <TableSearchField label="Search products" value={f.search} onChange={onSearch} placeholder="Name or description" width={260} />
        }
        activeFilters={[f.category, f.active, f.lowStock].filter((v) => v !== null).length}
        filters={
          <>
            <TableFilterSelect
              label="Category"
              value={f.category ?? ''}
              onChange={(v) => setFilter('category', (v || null) as MerchFilters['category'])}
              options={[
                ['merchandise', 'Merchandise'],
                ['snacks', 'Snacks'],
              ]}
            />
            <TableFilterSelect
              label="Status"
              value={f.active === null ? '' : String(f.active)}
              onChange={(v) => setFilter('active', v === '' ? null : v === 'true')}
              options={[
                ['true', 'On sale'],
                ['false', 'Archived'],
              ]}
              width={130}
            />
            <TableFilterSelect
              label="Stock"
              value={f.lowStock === null ? '' : String(f.lowStock)}
              onChange={(v) => setFilter('lowStock', v === '' ? null : v === 'true')}
              options={[['true', 'Low stock']]}
              width={130}
            />
          </>
        }
        actions={
          <Button variant="contained" startIcon={<AddRounded />} onClick={() => setEditing({ product: null })}>
            New product
          </Button>
        }
        renderCard={(row) => (
          <Box sx={{ display: 'flex', gap: 1.5, alignItems: 'flex-start' }}>
            <ProductThumb url={row.coverImage?.thumbnailUrl} category={row.category} size={56} />
            <Box sx={{ flex: 1, minWidth: 0 }}>
              <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 1 }}>
                <Typography sx={{ fontWeight: 'fontWeightBold', minWidth: 0, overflowWrap: 'anywhere' }}>{row.name}</Typography>
                <Typography sx={{ fontWeight: 'fontWeightBold', fontVariantNumeric: 'tabular-nums' }}>
                  {formatMoney(row.priceCents)}
                </Typography>
              </Box>
              <Typography
                variant="body2"
                color="text.secondary"
                sx={{
                  display: '-webkit-box',
                  WebkitLineClamp: 2,
                  WebkitBoxOrient: 'vertical',
                  overflow: 'hidden',
                  overflowWrap: 'anywhere',
                }}
              >
                {categoryLabel(row.category)} · {optionsLine(row)}
              </Typography>
              <Box sx={{ display: 'flex', gap: 0.75, mt: 0.75, alignItems: 'center', flexWrap: 'wrap' }}>
                <StatusChip active={row.active} />
                {row.lowStock && <Chip size="small" color="warning" label="Low stock" />}
                <Typography variant="body2" sx={{ ml: 'auto', fontVariantNumeric: 'tabular-nums' }}>
                  {stockText(row.stockLeft)}
                </Typography>
              </Box>
            </Box>
          </Box>
        )}
      />
      {openId && (
        <ProductDrawer
          productId={openId}
          onClose={() => setParams({})}
          onEdit={(product) => setEditing({ product })}
          onAdjust={(product, variantId) => setAdjusting({ product, variantId })}
          onArchive={(product) => void toggleArchived(product)}
        />
      )}
      {editing && <ProductDialog product={editing.product} onClose={() => setEditing(null)} onCreated={open} />}
      {adjusting && <AdjustStockDialog product={adjusting.product} variantId={adjusting.variantId} onClose={() => setAdjusting(null)} />}
    </PageFrame>
  );
}
