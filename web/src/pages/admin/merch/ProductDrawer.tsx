import { useQuery } from '@apollo/client/react';
import AddPhotoAlternateOutlined from '@mui/icons-material/AddPhotoAlternateOutlined';
import ArchiveOutlined from '@mui/icons-material/ArchiveOutlined';
import CloseRounded from '@mui/icons-material/CloseRounded';
import DeleteOutlineRounded from '@mui/icons-material/DeleteOutlineRounded';
import EditOutlined from '@mui/icons-material/EditOutlined';
import StarOutlineRounded from '@mui/icons-material/StarOutlineRounded';
import UnarchiveOutlined from '@mui/icons-material/UnarchiveOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Skeleton from '@mui/material/Skeleton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { formatMoney, PRODUCT_IMAGE_TYPES, productImageFileProblem } from '@studio/rules';
import { useRef, useState, type ReactNode } from 'react';
import { formatTimestamp } from '../../../app/dates';
import { errorMessage } from '../../../app/errors';
import { useToast } from '../../../app/toast';
import { ProductThumb } from '../../../components/ProductThumb';
import { SideDrawer } from '../../../components/SideDrawer';
import { AdminProductDocument, StockAdjustmentsDocument, type AdminProductRowFragment } from './adminMerch.generated';
import { CATEGORY_LABELS, optionLevel, stockText, type ShopCategory } from './merchRules';
import { ImageRefused, useUploadProductImage } from './useUploadProductImage';
import { useMakeProductImageCover } from './useMakeProductImageCover';
import { useRemoveProductImage } from './useRemoveProductImage';

const HISTORY_PAGE_SIZE = 10;

function Section({ title, action, children }: { title: string; action?: ReactNode; children: ReactNode }) {
  return (
    <Box component="section" aria-label={title} sx={{ mb: 3 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 1, mb: 1.25, minHeight: 36 }}>
        <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 'fontWeightBold' }}>
          {title}
        </Typography>
        {action}
      </Box>
      {children}
    </Box>
  );
}

export function StatusChip({ active }: { active: boolean }) {
  return active ? (
    <Chip size="small" variant="outlined" color="success" label="On sale" />
  ) : (
    <Chip size="small" variant="outlined" label="Archived" />
  );
}

/** The pictures: the cover first; upload (checked here by type and size, by the server by its bytes), cover, remove. */
function Images({ product }: { product: AdminProductRowFragment }) {
  const { toast } = useToast();
  const input = useRef<HTMLInputElement>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [upload, { loading: uploading }] = useUploadProductImage();
  const [remove, { loading: removing }] = useRemoveProductImage();
  const [makeCover, { loading: covering }] = useMakeProductImageCover();
  const busy = uploading || removing || covering;

  const pick = async (file: File | undefined) => {
    if (!file) return;
    setProblem(null);
    const local = productImageFileProblem(file);
    if (local) return setProblem(local);
    try {
      await upload(product.id, file);
      toast({ title: 'Image added', description: 'Members see it in the shop and their cart.', variant: 'success' });
    } catch (err) {
      setProblem(err instanceof ImageRefused ? err.message : errorMessage(err, 'The image could not be uploaded.'));
    }
  };
  const act = (work: Promise<unknown>, done: string) =>
    work.then(
      () => toast({ title: done }),
      (err: unknown) => setProblem(errorMessage(err)),
    );

  return (
    <Section
      title="Images"
      action={
        <Button size="small" startIcon={<AddPhotoAlternateOutlined />} onClick={() => input.current?.click()} disabled={busy}>
          {uploading ? 'Uploading…' : 'Upload image'}
        </Button>
      }
    >
      <input
        ref={input}
        type="file"
        hidden
        aria-label="Image file"
        accept={PRODUCT_IMAGE_TYPES.join(',')}
        onChange={(e) => {
          void pick(e.target.files?.[0]);
          e.target.value = '';
        }}
      />
      {problem && (
        <Alert severity="error" sx={{ mb: 1.5 }} onClose={() => setProblem(null)}>
          {problem}
        </Alert>
      )}
      {product.images.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          No images yet. JPEG, PNG or WebP, at most 5 MB; the first is shown in the shop and the cart.
        </Typography>
      ) : (
        <Box
          component="ul"
          aria-label="Product images"
          sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1, gridTemplateColumns: 'repeat(auto-fill, minmax(104px, 1fr))' }}
        >
          {product.images.map((image, i) => (
            <Box
              component="li"
              key={image.id}
              sx={{
                position: 'relative',
                borderRadius: '12px',
                overflow: 'hidden',
                border: 1,
                borderColor: i === 0 ? 'primary.main' : 'divider',
              }}
            >
              <Box
                component="img"
                src={image.thumbnailUrl}
                alt={i === 0 ? `${product.name}, cover image` : `${product.name}, image ${i + 1}`}
                sx={{ display: 'block', width: '100%', aspectRatio: '1', objectFit: 'cover' }}
              />
              {i === 0 && <Chip size="small" color="primary" label="Cover" sx={{ position: 'absolute', left: 6, top: 6, height: 22 }} />}
              <Box sx={{ position: 'absolute', right: 4, bottom: 4, display: 'flex', gap: 0.5 }}>
                {i > 0 && (
                  <Tooltip title="Make cover">
                    <IconButton
                      size="small"
                      aria-label={`Make image ${i + 1} the cover`}
                      disabled={busy}
                      onClick={() => void act(makeCover({ variables: { imageId: image.id } }), 'Cover changed')}
                      sx={{ bgcolor: 'background.paper', '&:hover': { bgcolor: 'background.paper' } }}
                    >
                      <StarOutlineRounded fontSize="small" />
                    </IconButton>
                  </Tooltip>
                )}
                <Tooltip title="Remove">
                  <IconButton
                    size="small"
                    aria-label={`Remove image ${i + 1}`}
                    disabled={busy}
                    onClick={() => void act(remove({ variables: { imageId: image.id } }), 'Image removed')}
                    sx={{ bgcolor: 'background.paper', color: 'error.main', '&:hover': { bgcolor: 'background.paper' } }}
                  >
                    <DeleteOutlineRounded fontSize="small" />
                  </IconButton>
                </Tooltip>
              </Box>
            </Box>
          ))}
        </Box>
      )}
    </Section>
  );
}

/** Every option with its stock, its low-stock level, and Adjust. */
function Options({ product, onAdjust }: { product: AdminProductRowFragment; onAdjust: (variantId: string) => void }) {
  return (
    <Section title="Options and stock">
      <Box
        component="ul"
        aria-label="Options"
        sx={{ listStyle: 'none', m: 0, p: 0, border: 1, borderColor: 'divider', borderRadius: '12px' }}
      >
        {product.variants.map((v, i) => {
          const { level, low } = optionLevel(product, v);
          return (
            <Box
              component="li"
              key={v.id}
              data-testid="option"
              sx={{ display: 'flex', alignItems: 'center', gap: 1.5, px: 1.75, py: 1.25, borderTop: i ? 1 : 0, borderColor: 'divider' }}
            >
              <Box sx={{ flex: 1, minWidth: 0 }}>
                <Typography sx={{ fontWeight: 'fontWeightSemiBold' }}>{v.label ?? 'One size'}</Typography>
                <Typography variant="body2" color="text.secondary">
                  {level === null ? 'No low-stock level' : `Low at ${level}${v.lowStockThreshold !== null ? ' (own level)' : ''}`}
                </Typography>
              </Box>
              <Box sx={{ textAlign: 'right' }}>
                <Typography
                  sx={{ fontWeight: 'fontWeightBold', fontVariantNumeric: 'tabular-nums', color: low ? 'warning.dark' : 'text.primary' }}
                >
                  {stockText(v.stock)}
                </Typography>
                {low && (
                  <Typography variant="caption" sx={{ color: 'warning.dark' }}>
                    Low stock
                  </Typography>
                )}
              </Box>
              <Button
                size="small"
                variant="outlined"
                disabled={v.stock === null}
                onClick={() => onAdjust(v.id)}
                aria-label={`Adjust stock of ${v.label ?? product.name}`}
              >
                Adjust
              </Button>
            </Box>
          );
        })}
      </Box>
    </Section>
  );
}

/** The stock adjustments: who, when, which option, the change, why, and the stock after it; newest first. */
function History({ productId }: { productId: string }) {
  const [page, setPage] = useState(0);
  const { data, previousData, loading, error } = useQuery(StockAdjustmentsDocument, {
    variables: { productId, page: page + 1, pageSize: HISTORY_PAGE_SIZE },
  });
  const history = (data ?? previousData)?.stockAdjustments;
  return (
    <Section title="Stock history">
      {error ? (
        <Alert severity="error">{errorMessage(error, 'The history could not be loaded.')}</Alert>
      ) : !history ? (
        <Skeleton variant="rounded" height={120} />
      ) : history.total === 0 ? (
        <Typography variant="body2" color="text.secondary">
          No adjustments yet.
        </Typography>
      ) : (
        <>
          <TableContainer
            tabIndex={0}
            role="region"
            aria-label="Stock history"
            sx={{ border: 1, borderColor: 'divider', borderRadius: '12px' }}
          >
            <Table size="small" aria-busy={loading}>
              <TableHead>
                <TableRow>
                  <TableCell>When and who</TableCell>
                  <TableCell>Change</TableCell>
                  <TableCell align="right">Stock after</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {history.items.map((a) => (
                  <TableRow key={a.id} data-testid="stock-adjustment">
                    <TableCell sx={{ verticalAlign: 'top' }}>
                      <Typography variant="body2">{formatTimestamp(a.createdAt, true)}</Typography>
                      <Typography variant="body2" color="text.secondary">
                        {a.actor?.name ?? 'Former admin'}
                      </Typography>
                    </TableCell>
                    <TableCell sx={{ verticalAlign: 'top' }}>
                      <Typography variant="body2" sx={{ fontWeight: 'fontWeightBold', color: a.delta < 0 ? 'error.main' : 'success.dark' }}>
                        {a.delta > 0 ? `+${a.delta}` : `−${Math.abs(a.delta)}`}
                        {a.variantLabel ? ` · ${a.variantLabel}` : ''}
                      </Typography>
                      <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                        {a.reason}
                      </Typography>
                    </TableCell>
                    <TableCell align="right" sx={{ verticalAlign: 'top', fontVariantNumeric: 'tabular-nums' }}>
                      {a.stockAfter}
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
          {history.total > HISTORY_PAGE_SIZE && (
            <TablePagination
              component="div"
              count={history.total}
              page={page}
              rowsPerPage={HISTORY_PAGE_SIZE}
              rowsPerPageOptions={[HISTORY_PAGE_SIZE]}
              onPageChange={(_e, next) => setPage(next)}
            />
          )}
        </>
      )}
    </Section>
  );
}

/**
 * One product beside the table (or from a low-stock notice's link): its pictures, options and stock, and history.
 * It reads the product by id, so it opens from the cached row at once and from a link too.
 */
export function ProductDrawer({
  productId,
  onClose,
  onEdit,
  onAdjust,
  onArchive,
}: {
  productId: string;
  onClose: () => void;
  onEdit: (product: AdminProductRowFragment) => void;
  onAdjust: (product: AdminProductRowFragment, variantId: string | null) => void;
  onArchive: (product: AdminProductRowFragment) => void;
}) {
  const { data, error } = useQuery(AdminProductDocument, { variables: { id: productId } });
  const product = data?.adminProduct;
  return (
    <SideDrawer labelledBy="product-drawer-title" width={520} onClose={onClose}>
      <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 1.5, mb: 2.5 }}>
        <ProductThumb url={product?.coverImage?.thumbnailUrl} category={product?.category ?? 'merchandise'} size={56} />
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Typography id="product-drawer-title" component="h2" variant="h6" sx={{ lineHeight: 1.3 }}>
            {product?.name ?? (error ? 'Product' : 'Loading…')}
          </Typography>
          {product && (
            <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap', mt: 0.5 }}>
              <Typography sx={{ fontWeight: 'fontWeightBold' }}>{formatMoney(product.priceCents)}</Typography>
              <Typography color="text.secondary">· {CATEGORY_LABELS[product.category as ShopCategory] ?? product.category}</Typography>
              <StatusChip active={product.active} />
            </Box>
          )}
        </Box>
        <IconButton onClick={onClose} aria-label="Close">
          <CloseRounded />
        </IconButton>
      </Box>
      {error && <Alert severity="error">{errorMessage(error, 'That product could not be loaded.')}</Alert>}
      {product && (
        <>
          <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', mb: 3 }}>
            <Button variant="contained" startIcon={<EditOutlined />} onClick={() => onEdit(product)}>
              Edit
            </Button>
            <Button variant="outlined" onClick={() => onAdjust(product, null)} disabled={product.variants.every((v) => v.stock === null)}>
              Adjust stock
            </Button>
            <Button
              color={product.active ? 'inherit' : 'primary'}
              startIcon={product.active ? <ArchiveOutlined /> : <UnarchiveOutlined />}
              onClick={() => onArchive(product)}
            >
              {product.active ? 'Archive' : 'Restore'}
            </Button>
          </Box>
          {product.description && (
            <Typography variant="body2" color="text.secondary" sx={{ mb: 3 }}>
              {product.description}
            </Typography>
          )}
          <Images product={product} />
          <Options product={product} onAdjust={(variantId) => onAdjust(product, variantId)} />
          <History productId={product.id} />
        </>
      )}
    </SideDrawer>
  );
}
