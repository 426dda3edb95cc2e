import {
  dollarText,
  initialStock,
  lowStockThreshold,
  MAX_PRODUCT_VARIANTS,
  parseDollars,
  productDescription,
  productName,
  productPriceCents,
  stockReason,
  variantLabel,
  wholeNumber,
  wholeNumberText,
} from '@studio/rules';
import { z } from 'zod';
import type { ProductInput } from '../../../graphql/types';
import type { AdminProductRowFragment } from './adminMerch.generated';

export type ShopCategory = 'merchandise' | 'snacks';
export const CATEGORY_LABELS: Record<ShopCategory, string> = { merchandise: 'Merchandise', snacks: 'Snacks' };

/** One option (size, colour) as the product form holds it. */
export interface VariantValues {
  /** An existing option's id; null for one added in this form. */
  id: string | null;
  label: string;
  /** New options only: items on hand as typed ('' with unlimited). */
  stock: string;
  unlimited: boolean;
  /** This option's own low-stock level as typed; '' means the product's. */
  lowStockThreshold: string;
}

/** The product form as typed (text), checked with the API's own rules before it is sent. */
export interface ProductValues {
  category: ShopCategory;
  name: string;
  description: string;
  /** Dollars as typed, e.g. "25" or "24.50". */
  price: string;
  lowStockThreshold: string;
  variants: VariantValues[];
}

export const newVariant = (label = ''): VariantValues => ({ id: null, label, stock: '0', unlimited: false, lowStockThreshold: '' });

export const EMPTY_PRODUCT: ProductValues = {
  category: 'merchandise',
  name: '',
  description: '',
  price: '',
  lowStockThreshold: '3',
  variants: [newVariant()],
};

export function productValuesOf(p: AdminProductRowFragment): ProductValues {
  return {
    category: p.category === 'snacks' ? 'snacks' : 'merchandise',
    name: p.name,
    description: p.description,
    price: dollarText(p.priceCents),
    lowStockThreshold: p.lowStockThreshold === null ? '' : String(p.lowStockThreshold),
    variants: p.variants.map((v) => ({
      id: v.id,
      label: v.label ?? '',
      stock: v.stock === null ? '' : String(v.stock),
      unlimited: v.stock === null,
      lowStockThreshold: v.lowStockThreshold === null ? '' : String(v.lowStockThreshold),
    })),
  };
}

const PRICE_MESSAGE = 'Enter an amount like 25 or 24.50.';
const priceText = z.string().transform((text, ctx) => {
  const cents = parseDollars(text);
  const problem = cents === null ? PRICE_MESSAGE : productPriceCents.safeParse(cents).error?.issues[0].message;
  if (problem) ctx.addIssue({ code: 'custom', message: problem });
  return cents ?? 0;
});

const variantForm = z
  .object({
    id: z.string().nullable(),
    label: variantLabel,
    stock: z.string(),
    unlimited: z.boolean(),
    lowStockThreshold: wholeNumberText(lowStockThreshold, { required: false }),
  })
  .superRefine((v, ctx) => {
    // Stock is typed only for a new option; existing ones change through stock adjustments.
    if (v.id || v.unlimited) return;
    const checked = wholeNumberText(initialStock).safeParse(v.stock);
    if (!checked.success) ctx.addIssue({ code: 'custom', path: ['stock'], message: checked.error.issues[0].message });
  });

/** The product form: the API's rules for each field, on the text as typed, and the options' names together. */
export const productForm = z.object({
  category: z.enum(['merchandise', 'snacks'], 'Choose merchandise or snacks.'),
  name: productName,
  description: productDescription,
  price: priceText,
  lowStockThreshold: wholeNumberText(lowStockThreshold, { required: false }),
  variants: z
    .array(variantForm)
    .min(1, 'A product needs at least one option.')
    .max(MAX_PRODUCT_VARIANTS, `At most ${MAX_PRODUCT_VARIANTS} options.`)
    .superRefine((variants, ctx) => {
      const seen = new Set<string>();
      variants.forEach((v, i) => {
        const name = v.label.trim().toLowerCase();
        if (!name && variants.length > 1) ctx.addIssue({ code: 'custom', path: [i, 'label'], message: 'Name every option, e.g. S, M, L.' });
        else if (name && seen.has(name)) ctx.addIssue({ code: 'custom', path: [i, 'label'], message: 'Each option needs its own name.' });
        seen.add(name);
      });
    }),
});

const numberOrNull = (text: string) => (text.trim() === '' ? null : Number(text.trim()));

export function productInput(v: ProductValues): ProductInput {
  return {
    category: v.category,
    name: v.name.trim(),
    description: v.description.trim(),
    priceCents: parseDollars(v.price) ?? 0,
    lowStockThreshold: numberOrNull(v.lowStockThreshold),
    variants: v.variants.map((variant) => ({
      ...(variant.id ? { id: variant.id } : { stock: variant.unlimited ? null : Number(variant.stock.trim()) }),
      label: variant.label.trim() || null,
      lowStockThreshold: numberOrNull(variant.lowStockThreshold),
    })),
  };
}

/** Typical reasons, offered as one-tap choices in the stock dialog. */
export const STOCK_REASONS = ['Delivery from supplier', 'Stock count', 'Damaged', 'Returned by a member', 'Used at the studio'];

export interface AdjustValues {
  variantId: string;
  direction: 'add' | 'remove';
  quantity: string;
  reason: string;
}

/** The stock dialog: how many to add or take away (not more than there is), and why. */
export function adjustForm(stockOf: (variantId: string) => number | null) {
  return z
    .object({
      variantId: z.string().min(1, 'Choose an option.'),
      direction: z.enum(['add', 'remove']),
      quantity: wholeNumberText(wholeNumber(1, 100_000)),
      reason: stockReason,
    })
    .superRefine((v, ctx) => {
      const stock = stockOf(v.variantId);
      if (v.direction === 'remove' && stock !== null && v.quantity !== undefined && v.quantity > stock)
        ctx.addIssue({ code: 'custom', path: ['quantity'], message: `Only ${stock} in stock: take away at most ${stock}.` });
    });
}

export const deltaOf = (v: Pick<AdjustValues, 'direction' | 'quantity'>) => (v.direction === 'remove' ? -1 : 1) * Number(v.quantity.trim());

/** "12 left", "Unlimited", "Sold out". */
export function stockText(stock: number | null): string {
  if (stock === null) return 'Unlimited';
  if (stock === 0) return 'Sold out';
  return `${stock} left`;
}

/** The low-stock level that applies to an option, and whether it is at or below it. */
export function optionLevel(
  product: Pick<AdminProductRowFragment, 'lowStockThreshold'>,
  v: { stock: number | null; lowStockThreshold: number | null },
) {
  const level = v.lowStockThreshold ?? product.lowStockThreshold;
  return { level, low: v.stock !== null && level !== null && v.stock <= level };
}
