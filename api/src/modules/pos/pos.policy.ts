import { badInput, conflict, forbidden, notFound } from '../../graphql/errors.js';
import { isAdmin, type Actor } from '../users/role.js';
import { PosSaleStatus } from './pos.entity.js';

/**
 * Who may use the register: admins only. It takes cash, gives discounts and refunds, and closes the day's books —
 * money decisions, like refunds in payments.policy. Instructors and teachers run classes (rosters, check-in), not
 * the till; /admin/pos is an admin route.
 */
export function mayUsePos(actor: Actor): boolean {
  return isAdmin(actor);
}

export function assertMayUsePos(actor: Actor): void {
  if (!mayUsePos(actor)) throw forbidden('Only admins can use the register.');
}

/** A sale as its rules need it. */
export interface PosSaleRecord {
  status: PosSaleStatus;
}

export type PosSaleAction = 'view' | 'edit' | 'pay' | 'refund' | 'receipt';

const TODAY_CLOSED = "Today's register has been closed: no more sales or refunds can be recorded today.";

/** Why `action` is refused on this sale (a CONFLICT), or null when the sale allows it. */
function refusal(sale: PosSaleRecord, action: PosSaleAction, todayClosed: boolean): string | null {
  switch (action) {
    case 'view':
      return null;
    case 'edit':
    case 'pay':
      if (sale.status === PosSaleStatus.voided) return 'This sale was voided.';
      if (sale.status === PosSaleStatus.awaiting_card)
        return 'This sale is waiting for a card payment: cancel the card payment to change it or take it another way.';
      if (sale.status !== PosSaleStatus.open) return 'This sale is already paid.';
      return action === 'pay' && todayClosed ? TODAY_CLOSED : null;
    case 'refund':
      if (sale.status === PosSaleStatus.refunded) return 'This sale has already been refunded.';
      if (sale.status !== PosSaleStatus.completed) return 'Only a paid sale can be refunded.';
      return todayClosed ? TODAY_CLOSED : null;
    case 'receipt':
      return sale.status === PosSaleStatus.completed || sale.status === PosSaleStatus.refunded
        ? null
        : 'The receipt is ready once the sale is paid.';
  }
}

/** `todayClosed`: whether the studio day the action would be booked on (today) was closed. */
export function mayActOnSale(actor: Actor, sale: PosSaleRecord, action: PosSaleAction, todayClosed = false): boolean {
  return mayUsePos(actor) && refusal(sale, action, todayClosed) === null;
}

/** Refuses: not an admin (FORBIDDEN), no such sale (NOT_FOUND), or not in a state for it (CONFLICT). */
export function assertMayActOnSale<S extends PosSaleRecord>(
  actor: Actor,
  sale: S | null,
  action: PosSaleAction,
  todayClosed = false,
): asserts sale is S {
  assertMayUsePos(actor);
  if (!sale) throw notFound('That sale');
  const why = refusal(sale, action, todayClosed);
  if (why) throw conflict(why);
}

/** An admin closes a studio day once; a closed day's sales and refunds never change again. */
export function mayCloseDay(actor: Actor, day: { closed: boolean; future: boolean }): boolean {
  return mayUsePos(actor) && !day.closed && !day.future;
}

export function assertMayCloseDay(actor: Actor, day: { closed: boolean; future: boolean }): void {
  assertMayUsePos(actor);
  if (day.future) throw badInput('A day can be closed once it has started.');
  if (day.closed) throw conflict('This day is already closed.');
}
