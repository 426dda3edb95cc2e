import type { BookingService } from '../bookings/booking.service.js';
import type { CheckInService } from '../checkin/checkin.service.js';
import type { EmailService } from '../email/email.service.js';
import type { InvoiceService } from '../invoices/invoice.service.js';
import type { MembershipService } from '../memberships/memberships.service.js';
import type { PaymentService } from '../payments/payments.service.js';
import type { ProductService } from '../products/product.service.js';
import { PosCatalogService } from './catalog/pos-catalog.service.js';
import { PosSaleService } from './sales/pos-sale.service.js';
import { PosPaymentService } from './paying/pos-payment.service.js';
import { PosReceiptService } from './receipts/pos-receipt.service.js';
import { PosDayService } from './day/pos-day.service.js';

/**
 * The front-desk register. A sale is kept open on the server while it is built (so a tablet that reloads keeps it);
 * paying it is one transaction that takes the stock (products), books drop-ins (bookings) and records the order
 * (payments) — nothing here keeps stock or orders of its own. Days are closed by an admin: paying and refunding take
 * the day's advisory lock shared and closing takes it exclusively, so nothing lands on a day after it closed. Each
 * concern is a service of its own (catalog/, sales/, paying/, receipts/, day/); this class answers for them.
 */
export class PosService {
  readonly catalogPart: PosCatalogService;
  readonly salesPart: PosSaleService;
  readonly paying: PosPaymentService;
  readonly receipts: PosReceiptService;
  readonly days: PosDayService;

  constructor(
    studio: { name: string; timeZone: string; publicUrl: string },
    products: ProductService,
    payments: PaymentService,
    bookings: BookingService,
    checkIn: CheckInService,
    email: EmailService,
    invoices: InvoiceService,
    memberships: Pick<MembershipService, 'revokePacks'>,
  ) {
    this.catalogPart = new PosCatalogService(studio, products, payments, bookings, checkIn, email, invoices, memberships);
    this.salesPart = new PosSaleService(studio, products, payments, bookings, checkIn, email, invoices, memberships);
    this.paying = new PosPaymentService(studio, products, payments, bookings, checkIn, email, invoices, memberships);
    this.receipts = new PosReceiptService(studio, products, payments, bookings, checkIn, email, invoices, memberships);
    this.days = new PosDayService(studio, products, payments, bookings, checkIn, email, invoices, memberships);
  }

  today: PosSaleService['today'] = (...args) => this.salesPart.today(...args);
  catalog: PosCatalogService['catalog'] = (...args) => this.catalogPart.catalog(...args);
  findMembers: PosCatalogService['findMembers'] = (...args) => this.catalogPart.findMembers(...args);
  openSale: PosSaleService['openSale'] = (...args) => this.salesPart.openSale(...args);
  sale: PosSaleService['sale'] = (...args) => this.salesPart.sale(...args);
  sales: PosSaleService['sales'] = (...args) => this.salesPart.sales(...args);
  setMember: PosSaleService['setMember'] = (...args) => this.salesPart.setMember(...args);
  addItem: PosSaleService['addItem'] = (...args) => this.salesPart.addItem(...args);
  setLineQuantity: PosSaleService['setLineQuantity'] = (...args) => this.salesPart.setLineQuantity(...args);
  setDiscount: PosSaleService['setDiscount'] = (...args) => this.salesPart.setDiscount(...args);
  voidSale: PosSaleService['voidSale'] = (...args) => this.salesPart.voidSale(...args);
  payCash: PosPaymentService['payCash'] = (...args) => this.paying.payCash(...args);
  chargeToAccount: PosPaymentService['chargeToAccount'] = (...args) => this.paying.chargeToAccount(...args);
  startCardPayment: PosPaymentService['startCardPayment'] = (...args) => this.paying.startCardPayment(...args);
  cancelCardPayment: PosPaymentService['cancelCardPayment'] = (...args) => this.paying.cancelCardPayment(...args);
  cardPaid: PosPaymentService['cardPaid'] = (...args) => this.paying.cardPaid(...args);
  refund: PosPaymentService['refund'] = (...args) => this.paying.refund(...args);
  emailReceipt: PosReceiptService['emailReceipt'] = (...args) => this.receipts.emailReceipt(...args);
  receiptPdf: PosReceiptService['receiptPdf'] = (...args) => this.receipts.receiptPdf(...args);
  dayReport: PosDayService['dayReport'] = (...args) => this.days.dayReport(...args);
  closeDay: PosDayService['closeDay'] = (...args) => this.days.closeDay(...args);
}
