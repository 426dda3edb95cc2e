import type { EntityManager } from '@mikro-orm/postgresql';
import { addDays } from 'date-fns';
import { conflict, notFound } from '../../../graphql/errors.js';
import { Product, ProductCategory, ProductVariant } from '../../products/product.entity.js';
import { User } from '../../users/user.entity.js';
import type { Actor } from '../../users/role.js';
import { ClassPack } from '../membership.entity.js';
import type { GrantPackArgs } from '../memberships.types.js';

export interface ClassPackProductFields {
  name: string;
  description?: string | null;
  priceCents: number;
  classes: number;
  validDays: number;
  active?: boolean | null;
}

/** Class packs: the products sold, packs made from paid orders (and taken back when refunded), packs granted by staff. */
export class PackService {
  /** Packs of the member with classes left, not expired, the one expiring first first. */
  myPacks(em: EntityManager, actor: Actor): Promise<ClassPack[]> {
    return em.find(ClassPack, { owner: actor.id, expiresAt: { $gt: new Date() } }, { orderBy: { expiresAt: 'asc', id: 'asc' } });
  }

  /** Admin: a class pack product for the shop (one option, no stock limit), or changes to one. */
  async saveClassPackProduct(em: EntityManager, id: string | null, input: ClassPackProductFields): Promise<Product> {
    const product = id
      ? await em.findOne(Product, { id, category: ProductCategory.membership, packClasses: { $ne: null } })
      : em.create(Product, { category: ProductCategory.membership, name: input.name, priceCents: input.priceCents });
    if (!product) throw notFound('That class pack');
    em.assign(product, {
      name: input.name.trim(),
      description: input.description ?? '',
      priceCents: input.priceCents,
      packClasses: input.classes,
      packValidDays: input.validDays,
      active: input.active ?? true,
    });
    if (!id) em.create(ProductVariant, { product, stock: null });
    await em.flush();
    return product;
  }

  /** The class pack products (for /admin/memberships), on sale first. */
  classPackProducts(em: EntityManager): Promise<Product[]> {
    return em.find(
      Product,
      { category: ProductCategory.membership, packClasses: { $ne: null } },
      { orderBy: { active: 'desc', priceCents: 'asc', id: 'asc' } },
    );
  }

  /** A paid order's class packs become packs of its owner: one per unit bought, valid from now (once per order line unit). */
  async fulfilPacks(tx: EntityManager, order: { id: string; ownerId: string }): Promise<void> {
    await tx.getConnection().execute(
      `insert into class_pack (id, owner_id, name, classes, used, expires_at, purchase_key, created_at)
       select gen_random_uuid(), ?, p.name, p.pack_classes, 0, now() + make_interval(days => p.pack_valid_days), ol.id || ':' || g.n, now()
         from order_line ol join product_variant v on v.id = ol.variant_id join product p on p.id = v.product_id
        cross join generate_series(1, ol.quantity) as g(n)
        where ol.order_id = ? and p.pack_classes is not null
       on conflict (purchase_key) do nothing`,
      [order.ownerId, order.id],
      'run',
      tx.getTransactionContext(),
    );
  }

  /**
   * An order's packs are given back (a refund at the front desk): they are removed, or the refund is refused when a
   * class of one was already used. Answers how many were removed.
   */
  async revokePacks(tx: EntityManager, orderId: string): Promise<number> {
    const packs = await tx.getConnection().execute<{ id: string; used: number; name: string }[]>(
      `select p.id, p.used, p.name from class_pack p
        where split_part(p.purchase_key, ':', 1) in (select id::text from order_line where order_id = ?)
        for update`,
      [orderId],
      'all',
      tx.getTransactionContext(),
    );
    const used = packs.find((p) => p.used > 0);
    if (used) throw conflict(`A class of the ${used.name} was already used: the pack cannot be refunded.`);
    if (packs.length)
      await tx.getConnection().execute(
        `delete from class_pack where id in (${packs.map(() => '?').join(', ')})`,
        packs.map((p) => p.id),
        'run',
        tx.getTransactionContext(),
      );
    return packs.length;
  }

  /** Staff give a member (one not removed) a class pack, e.g. as a goodwill gesture. */
  async grantClassPack(em: EntityManager, args: GrantPackArgs): Promise<ClassPack> {
    const owner = await em.findOne(User, { id: args.userId, removedAt: null });
    if (!owner) throw notFound('That person');
    const pack = this.grantPack(em, owner.id, args.name, args.classes, args.validDays);
    await em.flush();
    return pack;
  }

  /** A pack of `classes` classes valid `validDays` days from now, given by staff (bought ones: fulfilPacks). */
  grantPack(em: EntityManager, ownerId: string, name: string, classes: number, validDays: number): ClassPack {
    return em.create(ClassPack, {
      owner: em.getReference(User, ownerId),
      name,
      classes,
      expiresAt: addDays(new Date(), validDays),
    });
  }
}
