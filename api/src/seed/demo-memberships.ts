import type { EntityManager } from '@mikro-orm/postgresql';
import { addDays } from 'date-fns';
import { Apparatus } from '../modules/classes/apparatus.entity.js';
import { BillingInterval, ClassPack, Membership, MembershipPlan, MembershipStatus } from '../modules/memberships/membership.entity.js';
import { Order, OrderLine, OrderLineKind } from '../modules/payments/order.entity.js';
import { Product, ProductCategory, ProductVariant } from '../modules/products/product.entity.js';
import { User } from '../modules/users/user.entity.js';

const PLANS: (Partial<MembershipPlan> & { name: string; priceCents: number; interval: BillingInterval; apparatus?: string[] })[] = [
  { name: 'Unlimited', description: 'Every class, every week.', priceCents: 14900, interval: BillingInterval.month, signUpFeeCents: 2500 },
  {
    name: 'Eight a month',
    description: 'Eight classes each month.',
    priceCents: 9900,
    interval: BillingInterval.month,
    classesPerPeriod: 8,
  },
  {
    name: 'Family unlimited',
    description: 'Every class for you and up to two of your children.',
    priceCents: 21900,
    interval: BillingInterval.month,
    familyMembers: 2,
    signUpFeeCents: 2500,
  },
  {
    name: 'Silks & Hammock four',
    description: 'Four silks or hammock classes a month.',
    priceCents: 5900,
    interval: BillingInterval.month,
    classesPerPeriod: 4,
    apparatus: ['Silks', 'Hammock'],
  },
  { name: 'Unlimited yearly', description: 'Two months free against monthly.', priceCents: 149000, interval: BillingInterval.year },
];

const PACKS = [
  { name: 'Intro pass', description: 'Any two classes for newcomers, valid 30 days.', priceCents: 3000, classes: 2, days: 30 },
  { name: '5-class pack', description: 'Five classes of your choice, valid 60 days.', priceCents: 11000, classes: 5, days: 60 },
  { name: '10-class pack', description: 'Ten classes of your choice, valid 120 days.', priceCents: 20000, classes: 10, days: 120 },
];

/**
 * Membership plans, class packs in the shop, and members using them: ava.chen on Eight a month, grace.kim's family on Family unlimited, ethan.cole past due, priya.shah paused,
 * lucas.weber comped, maya.brooks with a 10-class pack. The demo `student` keeps paying
 * per class in the cart. Idempotent: plans and packs present by name are left alone, as are members with a membership.
 */
export async function seedDemoMemberships(em: EntityManager): Promise<void> {
  const existing = new Set((await em.find(MembershipPlan, {}, { fields: ['name'] })).map((p) => p.name));
  const apparatus = new Map((await em.find(Apparatus, {})).map((a) => [a.name, a.id]));
  for (const { apparatus: names, ...plan } of PLANS) {
    if (existing.has(plan.name)) continue;
    em.create(MembershipPlan, { ...plan, coveredApparatusIds: (names ?? []).flatMap((n) => apparatus.get(n) ?? []) });
  }
  const products = new Set((await em.find(Product, { category: ProductCategory.membership }, { fields: ['name'] })).map((p) => p.name));
  for (const pack of PACKS) {
    if (products.has(pack.name)) continue;
    const product = em.create(Product, {
      category: ProductCategory.membership,
      name: pack.name,
      description: pack.description,
      priceCents: pack.priceCents,
      packClasses: pack.classes,
      packValidDays: pack.days,
    });
    em.create(ProductVariant, { product, stock: null });
  }
  await em.flush();

  const now = new Date();
  const paid = { currentPeriodStart: addDays(now, -12), currentPeriodEnd: addDays(now, 18), paidThrough: addDays(now, 18) };
  // What /admin/memberships shows besides them: a renewal that failed yesterday (past due, in its grace period), a
  // pause over a holiday, and a year comped by the studio.
  const holders: [username: string, plan: string, state: Partial<Membership>][] = [
    ['ava.chen', 'Eight a month', paid],
    ['grace.kim', 'Family unlimited', paid],
    [
      'ethan.cole',
      'Unlimited',
      {
        status: MembershipStatus.past_due,
        currentPeriodStart: addDays(now, -1),
        currentPeriodEnd: addDays(now, 29),
        paidThrough: addDays(now, -1),
        pastDueSince: addDays(now, -1),
        failedPayments: 1,
      },
    ],
    [
      'priya.shah',
      'Silks & Hammock four',
      { ...paid, status: MembershipStatus.paused, pausedFrom: addDays(now, -5), pausedUntil: addDays(now, 9) },
    ],
    ['lucas.weber', 'Unlimited yearly', { comp: true, currentPeriodStart: addDays(now, -40), currentPeriodEnd: addDays(now, 325) }],
  ];
  for (const [username, planName, state] of holders) {
    const user = await em.findOne(User, { username });
    const plan = await em.findOne(MembershipPlan, { name: planName });
    if (!user || !plan || (await em.count(Membership, { holder: user.id })) > 0) continue;
    const m = em.create(Membership, { holder: user, plan, ...paid, ...state });
    if (m.comp) continue;
    // Billed through the test provider: the subscription's last paid invoice is an order of theirs, so an admin's
    // "end now" can refund its unused days.
    const key = username.replace('.', '_');
    m.providerSubscriptionId = `sub_test_local_demo_${key}`;
    if (!m.paidThrough || m.paidThrough < m.currentPeriodEnd) continue; // its renewal failed: no payment for this period
    const order = em.create(Order, {
      owner: user,
      checkoutSession: null,
      totalCents: plan.priceCents,
      paymentIntentId: `pi_test_local_demo_${key}`,
      providerInvoiceId: `in_test_local_demo_${key}`,
      providerSubscriptionId: m.providerSubscriptionId,
      createdAt: m.currentPeriodStart,
    });
    em.create(OrderLine, {
      order,
      position: 0,
      kind: OrderLineKind.membership,
      description: `${plan.name} membership, ${m.currentPeriodStart.toISOString().slice(0, 10)} to ${m.currentPeriodEnd.toISOString().slice(0, 10)}`,
      quantity: 1,
      unitCents: plan.priceCents,
    });
  }
  const maya = await em.findOne(User, { username: 'maya.brooks' });
  if (maya && (await em.count(ClassPack, { owner: maya.id })) === 0)
    em.create(ClassPack, { owner: maya, name: '10-class pack', classes: 10, used: 3, expiresAt: addDays(now, 75) });
  await em.flush();
}
