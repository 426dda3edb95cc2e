import type { Services } from '../services.js';
import { PosSale } from '../modules/pos/pos.entity.js';
import { ProductVariant } from '../modules/products/product.entity.js';
import { User } from '../modules/users/user.entity.js';

/**
 * Two sales at the front desk today, rung up by the demo admin through the register's own service (so stock and
 * orders follow the same path): a walk-in buying snacks, and the demo student buying a tee with a discount. The end
 * of the day on /admin/pos then has something to show. Idempotent: nothing happens once any register sale exists.
 */
export async function seedDemoPos(services: Services): Promise<void> {
  const em = services.orm.em.fork();
  if ((await em.count(PosSale, {})) > 0) return;
  const admin = await em.findOne(User, { username: 'admin' });
  const student = await em.findOne(User, { username: 'student' });
  const variant = async (name: string, label: string | null = null) =>
    (await em.findOne(ProductVariant, { product: { name }, label }))?.id ?? null;
  const [bar, water, tee] = [await variant('Protein bar'), await variant('Spring water'), await variant('Studio tee', 'M')];
  if (!admin || !student || !bar || !water || !tee) return;

  const walkIn = await services.pos.openSale(em.fork(), admin, null);
  await services.pos.addItem(em.fork(), admin, { saleId: walkIn.id, variantId: bar, quantity: 2 });
  await services.pos.addItem(em.fork(), admin, { saleId: walkIn.id, variantId: water, quantity: 1 });
  await services.pos.payCash(em.fork(), admin, walkIn.id, 1000);

  const member = await services.pos.openSale(em.fork(), admin, student.id);
  await services.pos.addItem(em.fork(), admin, { saleId: member.id, variantId: tee, quantity: 1 });
  await services.pos.setDiscount(em.fork(), admin, { saleId: member.id, amountCents: 250, reason: 'Loyal member' });
  await services.pos.payCash(em.fork(), admin, member.id, 2500);
}
