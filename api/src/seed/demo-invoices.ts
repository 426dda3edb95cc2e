import { addDaysToDate } from '../common/studio-time.js';
import { Invoice, InvoicePaymentMethod } from '../modules/invoices/invoice.entity.js';
import { User } from '../modules/users/user.entity.js';
import type { Services } from '../services.js';

/**
 * Invoices in every status for the demo accounts (through the invoices service, so they are numbered, emailed and
 * notified like real ones): the student has one open and one paid by bank transfer and one void; the parent has a
 * draft, and the parent's children an overdue one (Mia) and a written-off one (Leo). Skipped once any invoice exists.
 */
export async function seedDemoInvoices(services: Services): Promise<void> {
  const em = services.orm.em.fork();
  if ((await em.count(Invoice, {})) > 0) return;
  const admin = await em.findOne(User, { username: 'admin' });
  const student = await em.findOne(User, { username: 'student' });
  const parent = await em.findOne(User, { username: 'parent' });
  if (!admin || !student || !parent) return;
  const mia = await em.findOne(User, { guardian: parent.id, firstName: 'Mia' });
  const leo = await em.findOne(User, { guardian: parent.id, firstName: 'Leo' });
  const today = services.users.today();
  const { invoices } = services;
  const make = (
    member: User,
    lines: { description: string; quantity: number; unitCents: number }[],
    dueIn: number,
    memo = '',
    send = true,
  ) =>
    invoices.createInvoice(em.fork(), { memberId: member.id, lines, dueDate: addDaysToDate(today, dueIn), memo, createdBy: admin, send });

  await make(
    student,
    [
      { description: 'Private lesson, 60 minutes (silks)', quantity: 2, unitCents: 8500 },
      { description: 'Returning member discount', quantity: 1, unitCents: -1000 },
    ],
    10,
    'Thank you for training with us!',
  );
  const workshop = await make(student, [{ description: 'Aerial hoop conditioning workshop', quantity: 1, unitCents: 6000 }], -20);
  await invoices.markPaid(em.fork(), workshop.id, { method: InvoicePaymentMethod.bank_transfer, reference: 'TRF-20261104-118' });
  const duplicate = await make(student, [{ description: 'Private lesson, 60 minutes (silks)', quantity: 1, unitCents: 8500 }], 14);
  await invoices.voidInvoice(em.fork(), duplicate.id, 'Billed twice');
  await make(parent, [{ description: 'Silks rental for home practice (one month)', quantity: 1, unitCents: 2500 }], 21, '', false);
  if (mia)
    await make(
      mia,
      [
        { description: "Kids' aerial summer camp, one week", quantity: 1, unitCents: 24000 },
        { description: 'Camp T-shirt', quantity: 1, unitCents: 1800 },
      ],
      -5,
      'Camp runs Monday to Friday, 9 am to 1 pm.',
    );
  if (leo) {
    const costume = await make(leo, [{ description: 'Showcase costume fee', quantity: 1, unitCents: 4500 }], -45);
    await invoices.markUncollectible(em.fork(), costume.id, 'Three reminders without an answer');
  }
}
