import type { MikroORM } from '@mikro-orm/postgresql';
import type { DomainEvents } from '../../events/domain-events.js';
import type { EmailService } from '../email/email.service.js';
import type { NotificationService } from '../notifications/notification.service.js';
import type { PaymentService } from '../payments/payments.service.js';
import { InvoiceEditingService } from './editing/invoice-editing.service.js';
import { InvoicePaymentService } from './paying/invoice-payment.service.js';
import { InvoiceReadingService } from './reading/invoice-reading.service.js';
import { InvoiceReminderService } from './reminders/invoice-reminder.service.js';

export * from './invoice-data.js';

/**
 * Invoices, one part each: editing/ (making, sending, closing), paying/ (online), reading/ (lists, CSV, PDF) and
 * reminders/; this class answers for them under the module's names.
 */
export class InvoiceService {
  readonly editing: InvoiceEditingService;
  readonly paying: InvoicePaymentService;
  readonly reading: InvoiceReadingService;
  readonly reminders: InvoiceReminderService;

  constructor(
    orm: MikroORM,
    timeZone: string,
    studioName: string,
    email: EmailService,
    notifications: NotificationService,
    payments: PaymentService,
    events: DomainEvents,
  ) {
    this.editing = new InvoiceEditingService(orm, timeZone, studioName, email, notifications, payments, events);
    this.paying = new InvoicePaymentService(orm, timeZone, studioName, email, notifications, payments, events);
    this.reading = new InvoiceReadingService(orm, timeZone, studioName, email, notifications, payments, events);
    this.reminders = new InvoiceReminderService(orm, timeZone, studioName, email, notifications, payments, events);
  }

  today: InvoiceReadingService['today'] = (...args) => this.reading.today(...args);
  isOverdue: InvoiceReadingService['isOverdue'] = (...args) => this.reading.isOverdue(...args);

  createInvoice: InvoiceEditingService['createInvoice'] = (...args) => this.editing.createInvoice(...args);
  updateDraft: InvoiceEditingService['updateDraft'] = (...args) => this.editing.updateDraft(...args);
  send: InvoiceEditingService['send'] = (...args) => this.editing.send(...args);
  voidInvoice: InvoiceEditingService['voidInvoice'] = (...args) => this.editing.voidInvoice(...args);
  markUncollectible: InvoiceEditingService['markUncollectible'] = (...args) => this.editing.markUncollectible(...args);
  markPaid: InvoiceEditingService['markPaid'] = (...args) => this.editing.markPaid(...args);
  unpayable: InvoicePaymentService['unpayable'] = (...args) => this.paying.unpayable(...args);
  paidOnline: InvoicePaymentService['paidOnline'] = (...args) => this.paying.paidOnline(...args);
  pay: InvoicePaymentService['pay'] = (...args) => this.paying.pay(...args);
  invoice: InvoiceReadingService['invoice'] = (...args) => this.reading.invoice(...args);
  myInvoices: InvoiceReadingService['myInvoices'] = (...args) => this.reading.myInvoices(...args);
  familyInvoices: InvoiceReadingService['familyInvoices'] = (...args) => this.reading.familyInvoices(...args);
  adminList: InvoiceReadingService['adminList'] = (...args) => this.reading.adminList(...args);
  csv: InvoiceReadingService['csv'] = (...args) => this.reading.csv(...args);
  pdf: InvoiceReadingService['pdf'] = (...args) => this.reading.pdf(...args);
  sendReminders: InvoiceReminderService['sendReminders'] = (...args) => this.reminders.sendReminders(...args);
}
