import { fullName } from '@studio/rules';
import type { EntityManager } from '@mikro-orm/postgresql';
import { badInput } from '../../../graphql/errors.js';
import { User } from '../../users/user.entity.js';
import { PosSale, PosSaleStatus } from '../pos.entity.js';
import { receiptNumber, receiptText, renderReceiptPdf, type PosReceipt } from '../pos.receipt.js';
import { PosRegister } from '../pos-register.js';
import { saleTotals } from '../sale-totals.js';

/** A paid sale's receipt: emailed, or as a PDF. */
export class PosReceiptService extends PosRegister {
  /** Sends the receipt through the email outbox: to the given address, else the member's. Answers the address. */
  async emailReceipt(em: EntityManager, actor: User, saleId: string, to: string | null): Promise<string> {
    const sale = await this.sale(em, actor, saleId, 'receipt');
    const address = to?.trim() || sale.member?.email;
    if (!address) throw badInput('Enter an email address for the receipt.', { email: 'Enter an email address.' });
    const receipt = this.receipt(sale);
    const message = this.email.queue(em, {
      to: address,
      subject: `Your receipt from ${this.studio.name} (${receiptNumber(sale.id)})`,
      text: receiptText(receipt),
      kind: 'pos_receipt',
    });
    await em.flush();
    await this.email.dispatch(message);
    return address;
  }

  async receiptPdf(em: EntityManager, actor: User, saleId: string) {
    const sale = await this.sale(em, actor, saleId, 'receipt');
    const pdf = await renderReceiptPdf(this.receipt(sale));
    return { filename: `receipt-${receiptNumber(sale.id)}.pdf`, contentType: 'application/pdf', contentBase64: pdf.toString('base64') };
  }

  private receipt(sale: PosSale): PosReceipt {
    const totals = saleTotals(sale);
    return {
      studioName: this.studio.name,
      timeZone: this.studio.timeZone,
      saleId: sale.id,
      paidAt: sale.completedAt ?? sale.createdAt,
      customer: sale.member ? fullName(sale.member) : 'Walk-in customer',
      cashier: sale.cashier ? sale.cashier.firstName : null,
      lines: sale.lines.getItems().map((l) => ({
        quantity: l.quantity,
        description: l.description,
        unitCents: l.unitCents,
        discountCents: Math.min(l.discountCents, l.quantity * l.unitCents),
        discountReason: l.discountReason,
      })),
      subtotalCents: totals.subtotalCents,
      saleDiscountCents: totals.saleDiscountCents,
      saleDiscountReason: sale.discountReason,
      totalCents: sale.paidCents ?? totals.totalCents,
      method: sale.paymentMethod ?? 'cash',
      tenderedCents: sale.tenderedCents,
      changeCents: sale.changeCents,
      refund: sale.status === PosSaleStatus.refunded ? { reason: sale.refundReason, date: sale.refundDate ?? '' } : null,
    };
  }
}
