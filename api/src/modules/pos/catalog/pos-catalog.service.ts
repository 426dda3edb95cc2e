import type { EntityManager } from '@mikro-orm/postgresql';
import { likePattern } from '../../../common/paging.js';
import { ClassInstance, ClassStatus } from '../../classes/class-instance.entity.js';
import { ProductCategory } from '../../products/product.entity.js';
import { User } from '../../users/user.entity.js';
import { PosCategory } from '../pos.entity.js';
import { assertMayUsePos } from '../pos.policy.js';
import type { PosCatalogItem, PosMember } from '../pos.types.js';
import { PosRegister, clock, toMember } from '../pos-register.js';

const CATEGORY_OF: Partial<Record<ProductCategory, PosCategory>> = {
  [ProductCategory.merchandise]: PosCategory.merchandise,
  [ProductCategory.snacks]: PosCategory.snacks,
  [ProductCategory.membership]: PosCategory.packs,
};
/** A check-in QR code is a signed token (three base64url parts); names and usernames never look like one. */
const looksLikeCode = (text: string) => /^[\w-]+\.[\w-]+\.[\w-]+$/.test(text) && text.length > 40;

/** What the register sells today (products, today's classes, packs) and finding the member to sell to. */
export class PosCatalogService extends PosRegister {
  /**
   * Shop products (one tile per option), class packs, and drop-in spots in today's classes that have not ended; with
   * the sale's member, the drop-ins their membership or pack would pay for say what covers them (bookings.coverFor).
   */
  async catalog(em: EntityManager, actor: User, search?: string | null, memberId: string | null = null): Promise<PosCatalogItem[]> {
    assertMayUsePos(actor);
    const text = search?.trim() || null;
    const products = await this.products.catalogue(em, actor, { search: text });
    const items: PosCatalogItem[] = [];
    for (const product of products) {
      const category = CATEGORY_OF[product.category];
      if (!product.active || !category || (category === PosCategory.packs && product.packClasses === null)) continue;
      for (const variant of product.variants)
        items.push({
          category,
          variantId: variant.id,
          classInstanceId: null,
          name: product.name,
          detail:
            category === PosCategory.packs
              ? `${product.packClasses} class${product.packClasses === 1 ? '' : 'es'}, valid ${product.packValidDays} days`
              : (variant.label ?? ''),
          priceCents: product.priceCents,
          stock: variant.stock,
        });
    }
    const classes = await em.find(
      ClassInstance,
      {
        date: this.today(),
        status: ClassStatus.scheduled,
        endsAt: { $gt: new Date() },
        ...(text ? { blueprint: { name: { $ilike: likePattern(text) } } } : {}),
      },
      { populate: ['blueprint'], orderBy: { startsAt: 'asc', id: 'asc' } },
    );
    for (const c of classes) {
      const left = Math.max(0, c.capacity - c.spotsTaken);
      const coveredBy = memberId && left > 0 ? await this.bookings.coverFor(em, memberId, c.id) : null;
      items.push({
        category: PosCategory.dropin,
        variantId: null,
        classInstanceId: c.id,
        name: c.blueprint.name,
        detail: `${clock(c.startTime)} · ${left === 0 ? 'full' : `${left} spot${left === 1 ? '' : 's'} left`}`,
        priceCents: c.blueprint.dropInPriceCents,
        stock: left,
        coveredBy,
      });
    }
    return items;
  }

  /** Members by name or username, or the one member a check-in QR code names (an invalid or stale code: nobody). */
  async findMembers(em: EntityManager, actor: User, query: string): Promise<PosMember[]> {
    assertMayUsePos(actor);
    const text = query.trim();
    let users: User[];
    if (looksLikeCode(text)) {
      const member = await this.checkIn.memberForCode(em, text);
      users = member ? [member] : [];
    } else {
      const pattern = likePattern(text);
      users = await em.find(
        User,
        {
          isActive: true,
          removedAt: null,
          $or: [
            { username: { $ilike: pattern } },
            { firstName: { $ilike: pattern } },
            { lastName: { $ilike: pattern } },
            { email: { $ilike: pattern } },
          ],
        },
        { orderBy: { firstName: 'asc', lastName: 'asc', id: 'asc' }, limit: 10 },
      );
      if (users.length === 0 && text.includes(' ')) {
        const [first, ...rest] = text.split(/\s+/);
        users = await em.find(
          User,
          { isActive: true, removedAt: null, firstName: { $ilike: likePattern(first) }, lastName: { $ilike: likePattern(rest.join(' ')) } },
          { orderBy: { firstName: 'asc', lastName: 'asc', id: 'asc' }, limit: 10 },
        );
      }
    }
    return users.map(toMember);
  }
}
