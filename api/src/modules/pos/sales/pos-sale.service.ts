import { formatMoney, fullName } from '@studio/rules';
import type { EntityManager } from '@mikro-orm/postgresql';
import { badInput, conflict, notFound } from '../../../graphql/errors.js';
import { ProductCategory } from '../../products/product.entity.js';
import { assertMayBuyProduct } from '../../products/product.policy.js';
import { stockRefusal, variantName } from '../../products/product.service.js';
import { User } from '../../users/user.entity.js';
import { PosSale, PosSaleLine, PosSaleStatus } from '../pos.entity.js';
import { assertMayActOnSale, assertMayUsePos } from '../pos.policy.js';
import { MAX_LINE_QUANTITY } from '../pos.types.js';
import { PosRegister, clock } from '../pos-register.js';
import { PACK_NEEDS_MEMBER, saleTotals } from '../sale-totals.js';

/** A sale's member and cashier as the register shows them (addProduct's one statement reads them with the sale). */
const SALE_USER_COLUMNS = `u.id, u.first_name, u.last_name, u.username, u.email, u.role, u.birthday, u.is_active, u.token_version,
  u.guardian_id, u.removed_at, u.created_at, u.updated_at`;
/** The sale on the register while it is built: its member, lines, quantities and discount; voiding it. */
export class PosSaleService extends PosRegister {
  async openSale(em: EntityManager, actor: User, memberId: string | null): Promise<PosSale> {
    assertMayUsePos(actor);
    const member = memberId ? await this.member(em, memberId) : null;
    const sale = em.create(PosSale, { cashier: actor, member });
    await em.flush();
    return this.sale(em, actor, sale.id);
  }

  /** A day's sales at the register (paid, refunded, and still open), newest first. */
  async sales(em: EntityManager, actor: User, date: string | null): Promise<PosSale[]> {
    assertMayUsePos(actor);
    const day = date ?? this.today();
    return em.find(
      PosSale,
      { $or: [{ businessDate: day }, { refundDate: day }, ...(day === this.today() ? [{ status: PosSaleStatus.open }] : [])] },
      { populate: ['lines', 'member', 'cashier'], orderBy: { createdAt: 'desc', id: 'asc' }, limit: 100 },
    );
  }

  async setMember(em: EntityManager, actor: User, saleId: string, memberId: string | null): Promise<PosSale> {
    const sale = await this.sale(em, actor, saleId, 'edit');
    const booked = sale.lines.getItems().find((l) => l.classInstanceId);
    if (booked && (sale.member?.id ?? null) !== memberId)
      throw conflict(`Remove the drop-in first: "${booked.description}" is for ${sale.member ? fullName(sale.member) : 'the member'}.`);
    sale.member = memberId ? await this.member(em, memberId) : null;
    await em.flush();
    return sale;
  }

  /**
   * Adds an item (or more of it). The register's hot path (budget: 100 ms p95 under load, bench/pos.mjs), so a
   * product is added by one statement: it reads the sale under a share lock (so it cannot be paid meanwhile) and the
   * option with its product, and upserts the line only when the sale is open, the product is for sale, the line
   * stays within 99 and within the stock left, and answers the sale as it is then (its row, lines, member and cashier,
   * mapped into the entity manager as a find with those populated would). Stock is only taken when the sale is paid;
   * this check just says so early. A drop-in takes the longer way (one of today's classes, a member).
   */
  async addItem(
    em: EntityManager,
    actor: User,
    args: { saleId: string; variantId?: string | null; classInstanceId?: string | null; quantity: number },
  ): Promise<PosSale> {
    assertMayUsePos(actor);
    if (Boolean(args.variantId) === Boolean(args.classInstanceId))
      throw badInput('Choose a product or a class.', { variantId: 'Choose a product or a class.' });
    if (args.variantId) return this.addProduct(em, actor, args.saleId, args.variantId, args.quantity);
    await this.addDropIn(em, actor, args.saleId, args.classInstanceId!, args.quantity);
    return this.sale(em, actor, args.saleId);
  }

  private async addProduct(em: EntityManager, actor: User, saleId: string, variantId: string, quantity: number): Promise<PosSale> {
    const [row] = await em.getConnection().execute<
      {
        status: PosSaleStatus | null;
        member_id: string | null;
        name: string | null;
        label: string | null;
        category: ProductCategory | null;
        pack_classes: number | null;
        active: boolean | null;
        stock: number | null;
        had: number;
        added: number | null;
        sale: Record<string, unknown> | null;
        lines: Record<string, unknown>[] | null;
        member: Record<string, unknown> | null;
        cashier: Record<string, unknown> | null;
      }[]
    >(
      `with s as (select * from pos_sale where id = ? for share),
            v as (select v.id, v.label, v.stock, p.name, p.category, p.active, p.price_cents, p.pack_classes,
                         p.category in ('merchandise', 'snacks') or (p.category = 'membership' and p.pack_classes is not null) as sold
                    from product_variant v join product p on p.id = v.product_id where v.id = ?),
            had as (select coalesce(sum(quantity), 0)::int as quantity from pos_sale_line where sale_id = ? and variant_id = ?),
            up as (
              insert into pos_sale_line (id, sale_id, category, variant_id, description, quantity, unit_cents)
              select gen_random_uuid(), s.id, case when v.category = 'membership' then 'packs' else v.category::text end, v.id,
                     case when v.label is null then v.name else v.name || ' (' || v.label || ')' end, ?, v.price_cents
                from s, v, had
               where s.status = 'open' and v.active and v.sold and (v.category <> 'membership' or s.member_id is not null)
                 and (v.stock is null or had.quantity + ? <= v.stock)
              on conflict (sale_id, variant_id) where variant_id is not null
              do update set quantity = pos_sale_line.quantity + excluded.quantity
                where pos_sale_line.quantity + excluded.quantity <= ${MAX_LINE_QUANTITY}
              returning *),
            added as (select (select quantity from up) as quantity)
       select s.status, s.member_id, v.name, v.label, v.category, v.pack_classes, v.active, v.stock, had.quantity as had,
              added.quantity as added,
              case when added.quantity is not null then to_jsonb(s) end as sale,
              case when added.quantity is not null then (
                select jsonb_agg(to_jsonb(l) order by l.added_at, l.id)
                  from (select * from up
                        union all
                        select * from pos_sale_line o where o.sale_id = s.id and o.id not in (select id from up)) l) end as lines,
              case when added.quantity is not null then (
                select to_jsonb(u) from (select ${SALE_USER_COLUMNS} from app_user u where u.id = s.member_id) u) end as member,
              case when added.quantity is not null then (
                select to_jsonb(u) from (select ${SALE_USER_COLUMNS} from app_user u where u.id = s.cashier_id) u) end as cashier
         from had cross join added left join s on true left join v on true`,
      [saleId, variantId, saleId, variantId, quantity, quantity],
      'all',
      em.getTransactionContext(),
    );
    if (row.added !== null) {
      // As `sale()` would load it (lines, member, cashier), without a second round trip: the users first, so the
      // sale's references to them are these entities.
      for (const user of [row.member, row.cashier]) if (user) em.map(User, user);
      const sale = em.map(PosSale, row.sale!);
      sale.lines.hydrate((row.lines ?? []).map((line) => em.map(PosSaleLine, line)));
      return sale;
    }
    assertMayActOnSale(actor, row.status ? { status: row.status } : null, 'edit');
    assertMayBuyProduct(row.category ? { category: row.category, active: row.active!, packClasses: row.pack_classes } : null);
    if (row.category === ProductCategory.membership && !row.member_id)
      throw badInput(PACK_NEEDS_MEMBER, { memberId: 'Choose the member.' });
    const description = variantName({ name: row.name! }, { label: row.label });
    if (row.stock !== null && row.had + quantity > row.stock) throw stockRefusal(description, row.stock);
    throw badInput(`A line holds at most ${MAX_LINE_QUANTITY}.`, { quantity: `At most ${MAX_LINE_QUANTITY}.` });
  }

  private async addDropIn(em: EntityManager, actor: User, saleId: string, classInstanceId: string, quantity: number): Promise<void> {
    // What would pay for the member's spot (their membership or a pack), by the bookings service's own rules, dry run.
    const [pre] = await em
      .getConnection()
      .execute<{ member_id: string | null }[]>('select member_id from pos_sale where id = ?', [saleId], 'all', em.getTransactionContext());
    const coveredBy = pre?.member_id && quantity === 1 ? await this.bookings.coverFor(em, pre.member_id, classInstanceId) : null;
    await em.transactional(async (tx) => {
      const conn = tx.getConnection();
      const ctx = tx.getTransactionContext();
      const [row] = await conn.execute<{ status: PosSaleStatus; member_id: string | null }[]>(
        'select status, member_id from pos_sale where id = ? for share',
        [saleId],
        'all',
        ctx,
      );
      assertMayActOnSale(actor, row ?? null, 'edit');
      if (!row!.member_id)
        throw badInput('Choose the member first: a drop-in books them into the class.', { memberId: 'Choose the member.' });
      if (quantity !== 1) throw badInput('A drop-in is one spot for the member.', { quantity: 'One spot.' });
      const instance = await this.todaysClass(tx, classInstanceId);
      const [line] = await conn.execute<{ id: string }[]>(
        `insert into pos_sale_line (id, sale_id, category, class_instance_id, description, quantity, unit_cents, covered_by)
         values (gen_random_uuid(), ?, 'dropin', ?, ?, 1, ?, ?)
         on conflict (sale_id, class_instance_id) where class_instance_id is not null do nothing
         returning id`,
        [
          saleId,
          instance.id,
          `Drop-in: ${instance.blueprint.name} at ${clock(instance.startTime)}${coveredBy ? ` (covered by ${coveredBy})` : ''}`,
          coveredBy ? 0 : instance.blueprint.dropInPriceCents,
          coveredBy,
        ],
        'all',
        ctx,
      );
      if (!line) throw conflict(`${instance.blueprint.name} is already in this sale.`);
      if (instance.spotsTaken >= instance.capacity) throw conflict(`${instance.blueprint.name} is full.`);
    });
  }

  /** Changes a line's quantity; 0 removes it. A line discount larger than the new amount shrinks with it. */
  async setLineQuantity(em: EntityManager, actor: User, lineId: string, quantity: number): Promise<PosSale> {
    assertMayUsePos(actor);
    const line = await em.findOne(PosSaleLine, { id: lineId }, { populate: ['sale'] });
    if (!line) throw notFound('That line');
    assertMayActOnSale(actor, line.sale, 'edit');
    if (quantity === 0) em.remove(line);
    else {
      if (line.classInstanceId && quantity !== 1) throw badInput('A drop-in is one spot for the member.', { quantity: 'One spot.' });
      if (line.variantId) {
        const stock = await this.products.stockOf(em, line.variantId);
        if (stock !== null && quantity > stock) throw stockRefusal(line.description, stock);
      }
      line.quantity = quantity;
      line.discountCents = Math.min(line.discountCents, quantity * line.unitCents);
    }
    await em.flush();
    return this.sale(em, actor, line.sale.id);
  }

  /** A discount with its reason, on one line or on the whole sale; 0 takes it off. */
  async setDiscount(
    em: EntityManager,
    actor: User,
    args: { saleId: string; lineId?: string | null; amountCents: number; reason: string },
  ): Promise<PosSale> {
    const sale = await this.sale(em, actor, args.saleId, 'edit');
    const reason = args.reason.trim() || null;
    if (args.amountCents > 0 && !reason) throw badInput('Give a reason for the discount.', { reason: 'Give a reason for the discount.' });
    if (args.lineId) {
      const line = sale.lines.getItems().find((l) => l.id === args.lineId);
      if (!line) throw notFound('That line');
      const max = line.quantity * line.unitCents;
      if (args.amountCents > max) {
        const message = `The discount can be at most ${formatMoney(max)}, the line's price.`;
        throw badInput(message, { amountCents: message });
      }
      line.discountCents = args.amountCents;
      line.discountReason = args.amountCents > 0 ? reason : null;
    } else {
      const totals = saleTotals({ discountCents: 0, lines: sale.lines });
      if (args.amountCents > totals.totalCents) {
        const message = `The discount can be at most ${formatMoney(totals.totalCents)}, the sale's total.`;
        throw badInput(message, { amountCents: message });
      }
      sale.discountCents = args.amountCents;
      sale.discountReason = args.amountCents > 0 ? reason : null;
    }
    await em.flush();
    return sale;
  }

  /** Abandons an open sale: nothing was taken, so nothing goes back. */
  async voidSale(em: EntityManager, actor: User, saleId: string): Promise<PosSale> {
    const sale = await this.sale(em, actor, saleId, 'edit');
    sale.status = PosSaleStatus.voided;
    await em.flush();
    return sale;
  }
}
