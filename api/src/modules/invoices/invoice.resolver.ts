import { Args, Authorized, Ctx, FieldResolver, Mutation, Query, Resolver } from 'type-graphql';
import type { Context, Viewer } from '../../graphql/context.js';
import { CurrentUser } from '../../graphql/current-user.js';
import { Parent } from '../../graphql/parent.js';
import { RendersDocument } from '../../graphql/cost.js';
import { Role } from '../users/role.js';
import { User } from '../users/user.entity.js';
import { Invoice, InvoiceLine, InvoicePaymentMethod } from './invoice.entity.js';
import { invoiceNumber } from './invoice.service.js';
import {
  AdminInvoiceArgs,
  CreateInvoiceArgs,
  InvoiceCheckout,
  InvoiceFilterArgs,
  InvoiceIdArgs,
  InvoicePage,
  InvoicePdf,
  InvoicePdfArgs,
  InvoiceReasonArgs,
  MarkInvoicePaidArgs,
  UpdateInvoiceArgs,
} from './invoice.types.js';
import { PersonalData, Scope, SearchesPersonalData } from '../../graphql/access.js';

@Resolver(() => Invoice)
export class InvoiceResolver {
  // ── members ────────────────────────────────────────────────────────────────────────────────────────────

  @Authorized()
  @Scope('commerce:read')
  @Query(() => [Invoice], { description: "Your invoices and your children's, newest first (the last 100)" })
  myInvoices(@CurrentUser() user: Viewer, @Ctx() ctx: Context): Promise<Invoice[]> {
    return ctx.services.invoices.myInvoices(ctx.em, user);
  }

  @Authorized()
  @Scope('commerce:read')
  @Query(() => Invoice, { description: 'One invoice you may see (yours, your child’s; admins: any)' })
  invoice(@Args() { id }: InvoiceIdArgs, @CurrentUser() user: Viewer, @Ctx() ctx: Context): Promise<Invoice> {
    return ctx.services.invoices.invoice(ctx.em, user, id);
  }

  @Authorized()
  @Scope('commerce:write')
  @Mutation(() => InvoiceCheckout, {
    description: "Puts an open invoice (yours or your child's) into your cart and starts checkout for the cart: go to the url to pay.",
  })
  payInvoice(@Args() { id }: InvoiceIdArgs, @CurrentUser() user: Viewer, @Ctx() ctx: Context): Promise<InvoiceCheckout> {
    return ctx.services.invoices.pay(ctx.em, user, id, ctx.appOrigin);
  }

  @Authorized()
  @Scope('commerce:read')
  @PersonalData()
  @RendersDocument()
  @Query(() => InvoicePdf, { description: 'The invoice, or once paid its receipt, as a PDF (same access as invoice)' })
  async invoicePdf(@Args() { id, kind }: InvoicePdfArgs, @CurrentUser() user: Viewer, @Ctx() ctx: Context): Promise<InvoicePdf> {
    const { filename, content } = await ctx.services.invoices.pdf(ctx.em, user, id, kind);
    return { filename, contentBase64: content.toString('base64') };
  }

  // ── admins ─────────────────────────────────────────────────────────────────────────────────────────────

  @Authorized(Role.admin)
  @Scope('commerce:read')
  @SearchesPersonalData('member')
  @Query(() => InvoicePage, { description: '/admin/invoices: a page of invoices with the totals of all the filters match' })
  adminInvoices(@Args() args: AdminInvoiceArgs, @Ctx() ctx: Context): Promise<InvoicePage> {
    return ctx.services.invoices.adminList(ctx.em, args);
  }

  @Authorized(Role.admin)
  @Scope('commerce:read')
  @SearchesPersonalData('member')
  @PersonalData()
  @RendersDocument()
  @Query(() => String, { description: 'Every invoice the filters match as CSV' })
  invoicesCsv(@Args() args: InvoiceFilterArgs, @Ctx() ctx: Context): Promise<string> {
    return ctx.services.invoices.csv(ctx.em, args);
  }

  @Authorized(Role.admin)
  @Scope('commerce:write')
  @Mutation(() => Invoice, { description: 'Makes an invoice for a member: a draft, or sent at once' })
  createInvoice(@Args() { input, send }: CreateInvoiceArgs, @CurrentUser() user: Viewer, @Ctx() ctx: Context): Promise<Invoice> {
    return ctx.services.invoices.createInvoice(ctx.em, { ...input, createdBy: user, send });
  }

  @Authorized(Role.admin)
  @Scope('commerce:write')
  @Mutation(() => Invoice, { description: 'Changes a draft' })
  updateInvoice(@Args() { id, input }: UpdateInvoiceArgs, @Ctx() ctx: Context): Promise<Invoice> {
    return ctx.services.invoices.updateDraft(ctx.em, id, input);
  }

  @Authorized(Role.admin)
  @Scope('commerce:write')
  @Mutation(() => Invoice, { description: 'Sends a draft: open, emailed and notified to the member (or their parent)' })
  sendInvoice(@Args() { id }: InvoiceIdArgs, @Ctx() ctx: Context): Promise<Invoice> {
    return ctx.services.invoices.send(ctx.em, id);
  }

  @Authorized(Role.admin)
  @Scope('commerce:write')
  @Mutation(() => Invoice, { description: 'Voids a draft, open or uncollectible invoice' })
  voidInvoice(@Args() { id, reason }: InvoiceReasonArgs, @Ctx() ctx: Context): Promise<Invoice> {
    return ctx.services.invoices.voidInvoice(ctx.em, id, reason ?? null);
  }

  @Authorized(Role.admin)
  @Scope('commerce:write')
  @Mutation(() => Invoice, { description: 'Writes off an open invoice (it can still be paid)' })
  markInvoiceUncollectible(@Args() { id, reason }: InvoiceReasonArgs, @Ctx() ctx: Context): Promise<Invoice> {
    return ctx.services.invoices.markUncollectible(ctx.em, id, reason ?? null);
  }

  @Authorized(Role.admin)
  @Scope('commerce:write')
  @Mutation(() => Invoice, { description: 'Records a payment by cash or bank transfer, with its reference' })
  markInvoicePaid(@Args() { id, method, reference }: MarkInvoicePaidArgs, @Ctx() ctx: Context): Promise<Invoice> {
    return ctx.services.invoices.markPaid(ctx.em, id, {
      method: method === 'cash' ? InvoicePaymentMethod.cash : InvoicePaymentMethod.bank_transfer,
      reference: reference?.trim() || null,
    });
  }

  // ── fields ─────────────────────────────────────────────────────────────────────────────────────────────

  @FieldResolver(() => String, { description: 'e.g. INV-000042' })
  number(@Parent() invoice: Invoice): string {
    return invoiceNumber(invoice.number);
  }

  @FieldResolver(() => Boolean, { description: 'Unpaid past its due date (studio calendar)' })
  overdue(@Parent() invoice: Invoice, @Ctx() ctx: Context): boolean {
    return ctx.services.invoices.isOverdue(invoice);
  }

  @FieldResolver(() => [InvoiceLine])
  async lines(@Parent() invoice: Invoice): Promise<InvoiceLine[]> {
    return invoice.lines.isInitialized() ? invoice.lines.getItems() : invoice.lines.loadItems();
  }
}

/** What the admin's user drawer shows of a person's invoices. */
@Resolver(() => User)
export class UserInvoicesResolver {
  @Authorized(Role.admin)
  @FieldResolver(() => [Invoice], {
    description: "This person's invoices and their children's, drafts too, newest first (the last 100; admins)",
  })
  invoices(@Parent() user: User, @Ctx() ctx: Context): Promise<Invoice[]> {
    return ctx.services.invoices.familyInvoices(ctx.em, user.id);
  }
}
