import type { EntityManager } from '@mikro-orm/postgresql';
import { Product, ProductCategory, ProductVariant } from '../modules/products/product.entity.js';
import { isLow } from '../modules/products/product.service.js';

interface DemoProduct {
  name: string;
  category: ProductCategory;
  description: string;
  priceCents: number;
  /** One entry per variant: a label (or null) and its stock (null: unlimited). */
  variants: [label: string | null, stock: number | null][];
  lowStockThreshold?: number;
}

/** A dozen things a studio's front desk sells; the knee pads are sold out. */
export const DEMO_PRODUCTS: DemoProduct[] = [
  {
    name: 'Studio tee',
    category: ProductCategory.merchandise,
    description: 'Soft organic-cotton tee with the studio logo on the back. Fitted cut that stays put upside down.',
    priceCents: 2500,
    variants: [
      ['XS', 4],
      ['S', 8],
      ['M', 10],
      ['L', 6],
      ['XL', 3],
    ],
    lowStockThreshold: 2,
  },
  {
    name: 'High-rise leggings',
    category: ProductCategory.merchandise,
    description: 'Grippy, squat-proof leggings that protect the back of your knees on silks and lyra.',
    priceCents: 5800,
    variants: [
      ['S', 5],
      ['M', 7],
      ['L', 4],
    ],
    lowStockThreshold: 2,
  },
  {
    name: 'Grip aid (Dry Hands)',
    category: ProductCategory.merchandise,
    description: 'Liquid grip for sweaty palms. A few drops before every climb; does not leave residue on fabric.',
    priceCents: 1400,
    variants: [[null, 24]],
    lowStockThreshold: 5,
  },
  {
    name: 'Block chalk',
    category: ProductCategory.merchandise,
    description: 'Magnesium carbonate block for pole and trapeze. Not for use on silks.',
    priceCents: 600,
    variants: [[null, 30]],
  },
  {
    name: 'Knee pads',
    category: ProductCategory.merchandise,
    description: 'Low-profile neoprene knee pads for pole floorwork and lyra mounts.',
    priceCents: 3200,
    variants: [[null, 0]],
    lowStockThreshold: 2,
  },
  {
    name: 'Lyra tape',
    category: ProductCategory.merchandise,
    description: 'Cotton grip tape to re-wrap your own hoop. One roll covers a 90 cm lyra.',
    priceCents: 1200,
    variants: [[null, 15]],
  },
  {
    name: 'Studio hoodie',
    category: ProductCategory.merchandise,
    description: 'Warm-up hoodie in heather grey with thumb holes.',
    priceCents: 4800,
    variants: [
      ['S', 3],
      ['M', 5],
      ['L', 2],
    ],
  },
  {
    name: 'Water bottle (steel, 750 ml)',
    category: ProductCategory.merchandise,
    description: 'Insulated steel bottle that keeps water cold through a two-hour class.',
    priceCents: 2200,
    variants: [[null, 12]],
  },
  {
    name: 'Spring water',
    category: ProductCategory.snacks,
    description: 'Still spring water, 500 ml.',
    priceCents: 200,
    variants: [[null, null]],
  },
  {
    name: 'Protein bar',
    category: ProductCategory.snacks,
    description: 'Peanut butter and dark chocolate, 20 g protein.',
    priceCents: 350,
    variants: [[null, 40]],
    lowStockThreshold: 10,
  },
  {
    name: 'Electrolyte drink',
    category: ProductCategory.snacks,
    description: 'Lemon-lime, no added sugar.',
    priceCents: 300,
    variants: [[null, 36]],
  },
  {
    name: 'Trail mix',
    category: ProductCategory.snacks,
    description: 'Almonds, cashews, raisins and dark chocolate chips.',
    priceCents: 450,
    variants: [[null, 20]],
  },
];

/** The shop's demo items; idempotent (products already present by name are left alone). */
export async function seedDemoShop(em: EntityManager): Promise<void> {
  const existing = new Set((await em.find(Product, {}, { fields: ['name'] })).map((p) => p.name));
  for (const demo of DEMO_PRODUCTS) {
    if (existing.has(demo.name)) continue;
    const product = em.create(Product, {
      name: demo.name,
      category: demo.category,
      description: demo.description,
      priceCents: demo.priceCents,
      lowStockThreshold: demo.lowStockThreshold ?? null,
    });
    demo.variants.forEach(([label, stock], sortOrder) => {
      const variant = em.create(ProductVariant, { product, label, stock, sortOrder });
      // Already at its level (the sold-out knee pads): counted as told, as an admin's own setting would be.
      variant.lowStockAlerted = isLow(product, variant);
    });
  }
  await em.flush();
}
