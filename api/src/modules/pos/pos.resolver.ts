import { fullName } from '@studio/rules';
import { Args, Authorized, Ctx, FieldResolver, Int, Mutation, Query, Resolver, Subscription } from 'type-graphql';
import type { Context, Viewer } from '../../graphql/context.js';
import { CurrentUser } from '../../graphql/current-user.js';
import { unauthenticated } from '../../graphql/errors.js';
import { liveFeed, unwrapLive, type LiveResult } from '../../graphql/live.js';
import { Parent } from '../../graphql/parent.js';
import { RendersDocument } from '../../graphql/cost.js';
import { Role } from '../users/role.js';
import { PosSale, PosSaleLine } from './pos.entity.js';
import { assertMayUsePos } from './pos.policy.js';
import { toMember } from './pos-register.js';
import { saleTotals } from './sale-totals.js';
import {
  AddPosItemArgs,
  ClosePosDayArgs,
  EmailPosReceiptArgs,
  OpenPosSaleArgs,
  PayPosCashArgs,
  PosCatalogArgs,
  PosCatalogItem,
  PosDayArgs,
  PosDayReport,
  PosDiscountArgs,
  PosMember,
  PosMemberSearchArgs,
  PosReceiptFile,
  PosSaleArgs,
  RefundPosSaleArgs,
  SetPosLineQuantityArgs,
  SetPosMemberArgs,
} from './pos.types.js';
import { Scope } from '../../graphql/access.js';

/** One sale as it changes behind the register (its card payment paid by the webhook, or released): the sale first, then on each change. */
function saleChanges(ctx: Context, { saleId }: PosSaleArgs): AsyncIterable<LiveResult<PosSale>> {
  if (!ctx.user) throw unauthenticated();
  assertMayUsePos(ctx.user);
  return liveFeed(ctx, 'POS_SALE_CHANGED', saleId, (viewer) => viewer.services.pos.sale(viewer.em, viewer.user, saleId));
}

/** The front-desk register (/admin/pos): admins only (see pos.policy). */
@Resolver(() => PosSale)
export class PosResolver {
  @Authorized(Role.admin)
  @Scope('commerce:read')
  @Query(() => [PosCatalogItem], { description: "What the register sells: shop products by option and today's drop-in classes" })
  posCatalog(@Args() { search, memberId }: PosCatalogArgs, @CurrentUser() user: Viewer, @Ctx() ctx: Context): Promise<PosCatalogItem[]> {
    return ctx.services.pos.catalog(ctx.em, user, search, memberId ?? null);
  }

  @Authorized(Role.admin)
  @Scope('commerce:read')
  @Query(() => [PosMember], { description: 'Members by name or username, or the member a check-in QR code names (at most 10)' })
  posMembers(@Args() { query }: PosMemberSearchArgs, @CurrentUser() user: Viewer, @Ctx() ctx: Context): Promise<PosMember[]> {
    return ctx.services.pos.findMembers(ctx.em, user, query);
  }

  @Authorized(Role.admin)
  @Scope('commerce:read')
  @Query(() => PosSale, { description: 'One register sale' })
  posSale(@Args() { saleId }: PosSaleArgs, @CurrentUser() user: Viewer, @Ctx() ctx: Context): Promise<PosSale> {
    return ctx.services.pos.sale(ctx.em, user, saleId);
  }

  @Authorized(Role.admin)
  @Scope('commerce:read')
  @Query(() => [PosSale], { description: "A day's register sales (today: with the open ones), newest first, at most 100" })
  posSales(@Args() { date }: PosDayArgs, @CurrentUser() user: Viewer, @Ctx() ctx: Context): Promise<PosSale[]> {
    return ctx.services.pos.sales(ctx.em, user, date ?? null);
  }

  @Authorized(Role.admin)
  @Scope('commerce:read')
  @Query(() => PosDayReport, { description: "A day's totals at the register by payment method and category, and the cash expected" })
  posDayReport(@Args() { date }: PosDayArgs, @CurrentUser() user: Viewer, @Ctx() ctx: Context): Promise<PosDayReport> {
    return ctx.services.pos.dayReport(ctx.em, user, date ?? null);
  }

  @Authorized(Role.admin)
  @Scope('commerce:read')
  @RendersDocument()
  @Query(() => PosReceiptFile, { description: "A paid sale's receipt as a PDF (also GET /api/pos/sales/{id}/receipt.pdf)" })
  posReceiptPdf(@Args() { saleId }: PosSaleArgs, @CurrentUser() user: Viewer, @Ctx() ctx: Context): Promise<PosReceiptFile> {
    return ctx.services.pos.receiptPdf(ctx.em, user, saleId);
  }

  @Authorized(Role.admin)
  @Scope('commerce:write')
  @Mutation(() => PosSale, { description: 'Starts a sale on the register, for a member or a walk-in' })
  openPosSale(@Args() { memberId }: OpenPosSaleArgs, @CurrentUser() user: Viewer, @Ctx() ctx: Context): Promise<PosSale> {
    return ctx.services.pos.openSale(ctx.em, user, memberId ?? null);
  }

  @Authorized(Role.admin)
  @Scope('commerce:write')
  @Mutation(() => PosSale, { description: 'Sets who is buying (null: a walk-in)' })
  setPosSaleMember(@Args() { saleId, memberId }: SetPosMemberArgs, @CurrentUser() user: Viewer, @Ctx() ctx: Context): Promise<PosSale> {
    return ctx.services.pos.setMember(ctx.em, user, saleId, memberId ?? null);
  }

  @Authorized(Role.admin)
  @Scope('commerce:write')
  @Mutation(() => PosSale, { description: 'Adds a product option or a drop-in spot to an open sale (more of it when already there)' })
  addPosItem(@Args() args: AddPosItemArgs, @CurrentUser() user: Viewer, @Ctx() ctx: Context): Promise<PosSale> {
    return ctx.services.pos.addItem(ctx.em, user, args);
  }

  @Authorized(Role.admin)
  @Scope('commerce:write')
  @Mutation(() => PosSale, { description: 'Changes the quantity of a line of an open sale; 0 removes it' })
  setPosLineQuantity(
    @Args() { lineId, quantity }: SetPosLineQuantityArgs,
    @CurrentUser() user: Viewer,
    @Ctx() ctx: Context,
  ): Promise<PosSale> {
    return ctx.services.pos.setLineQuantity(ctx.em, user, lineId, quantity);
  }

  @Authorized(Role.admin)
  @Scope('commerce:write')
  @Mutation(() => PosSale, { description: 'A discount with its reason on a line or the whole sale; 0 removes it' })
  setPosDiscount(@Args() args: PosDiscountArgs, @CurrentUser() user: Viewer, @Ctx() ctx: Context): Promise<PosSale> {
    return ctx.services.pos.setDiscount(ctx.em, user, args);
  }

  @Authorized(Role.admin)
  @Scope('commerce:write')
  @Mutation(() => PosSale, { description: 'Abandons an open sale' })
  voidPosSale(@Args() { saleId }: PosSaleArgs, @CurrentUser() user: Viewer, @Ctx() ctx: Context): Promise<PosSale> {
    return ctx.services.pos.voidSale(ctx.em, user, saleId);
  }

  @Authorized(Role.admin)
  @Scope('commerce:write')
  @Mutation(() => PosSale, { description: 'Pays an open sale in cash: takes the stock, books drop-ins, records the order' })
  payPosSaleCash(@Args() { saleId, tenderedCents }: PayPosCashArgs, @CurrentUser() user: Viewer, @Ctx() ctx: Context): Promise<PosSale> {
    return ctx.services.pos.payCash(ctx.em, user, saleId, tenderedCents);
  }

  @Authorized(Role.admin)
  @Scope('commerce:write')
  @Mutation(() => PosSale, {
    description: "Charges an open sale to its member's account: takes the stock, books drop-ins, and sends an invoice for it",
  })
  chargePosSaleToAccount(@Args() { saleId }: PosSaleArgs, @CurrentUser() user: Viewer, @Ctx() ctx: Context): Promise<PosSale> {
    return ctx.services.pos.chargeToAccount(ctx.em, user, saleId);
  }

  @Authorized(Role.admin)
  @Scope('commerce:write')
  @Mutation(() => PosSale, {
    description:
      "Pays an open sale by card: a checkout session for its total (stock reserved), whose link the register shows as a QR code for the customer's phone; the webhook completes the sale",
  })
  startPosCardPayment(@Args() { saleId }: PosSaleArgs, @CurrentUser() user: Viewer, @Ctx() ctx: Context): Promise<PosSale> {
    return ctx.services.pos.startCardPayment(ctx.em, user, saleId);
  }

  @Authorized(Role.admin)
  @Scope('commerce:write')
  @Mutation(() => PosSale, { description: 'Cancels the card payment a sale waits for: its stock goes back and the sale is open again' })
  cancelPosCardPayment(@Args() { saleId }: PosSaleArgs, @CurrentUser() user: Viewer, @Ctx() ctx: Context): Promise<PosSale> {
    return ctx.services.pos.cancelCardPayment(ctx.em, user, saleId);
  }

  @Authorized(Role.admin)
  @Scope('commerce:read')
  @Subscription(() => PosSale, {
    description: 'One register sale live: first as it is, then whenever its card payment goes through or is released',
    subscribe: ({ args, context }) => saleChanges(context as Context, args as PosSaleArgs),
  })
  posSaleChanged(@Parent() change: LiveResult<PosSale>, @Args() _args: PosSaleArgs): PosSale {
    return unwrapLive(change);
  }

  @Authorized(Role.admin)
  @Scope('commerce:write')
  @Mutation(() => PosSale, { description: "Refunds a paid sale in full (on today's report): stock returns, drop-in spots are freed" })
  refundPosSale(@Args() { saleId, reason }: RefundPosSaleArgs, @CurrentUser() user: Viewer, @Ctx() ctx: Context): Promise<PosSale> {
    return ctx.services.pos.refund(ctx.em, user, saleId, reason);
  }

  @Authorized(Role.admin)
  @Scope('commerce:write')
  @Mutation(() => String, { description: "Emails a paid sale's receipt (through the outbox); answers the address" })
  emailPosReceipt(@Args() { saleId, email }: EmailPosReceiptArgs, @CurrentUser() user: Viewer, @Ctx() ctx: Context): Promise<string> {
    return ctx.services.pos.emailReceipt(ctx.em, user, saleId, email ?? null);
  }

  @Authorized(Role.admin)
  @Scope('commerce:write')
  @Mutation(() => PosDayReport, { description: 'Closes a studio day at the register for good, with the cash counted' })
  closePosDay(
    @Args() { date, countedCashCents }: ClosePosDayArgs,
    @CurrentUser() user: Viewer,
    @Ctx() ctx: Context,
  ): Promise<PosDayReport> {
    return ctx.services.pos.closeDay(ctx.em, user, date, countedCashCents ?? null);
  }

  @FieldResolver(() => PosMember, { nullable: true, description: 'Who is buying; null for a walk-in' })
  member(@Parent() sale: PosSale): PosMember | null {
    return sale.member ? toMember(sale.member) : null;
  }

  @FieldResolver(() => String, { nullable: true, description: 'Who rang it up' })
  cashierName(@Parent() sale: PosSale): string | null {
    return sale.cashier ? fullName(sale.cashier) : null;
  }

  @FieldResolver(() => [PosSaleLine])
  lines(@Parent() sale: PosSale): PosSaleLine[] {
    return sale.lines.getItems();
  }

  @FieldResolver(() => Int, { description: 'At list price, in cents' })
  subtotalCents(@Parent() sale: PosSale): number {
    return saleTotals(sale).subtotalCents;
  }

  @FieldResolver(() => Int, { description: 'Line and sale discounts, in cents' })
  discountTotalCents(@Parent() sale: PosSale): number {
    return saleTotals(sale).discountCents;
  }

  @FieldResolver(() => Int, { description: 'To pay (or paid), in cents' })
  totalCents(@Parent() sale: PosSale): number {
    return sale.paidCents ?? saleTotals(sale).totalCents;
  }

  @FieldResolver(() => String, { nullable: true, description: 'The receipt PDF, once paid' })
  receiptPdfUrl(@Parent() sale: PosSale): string | null {
    return sale.completedAt ? `/api/pos/sales/${sale.id}/receipt.pdf` : null;
  }
}
