/**
 * The catalogue of domain events: every fact one module announces and others may react to, by name, with its
 * payload. A module emits an event in the transaction that made the change (`events.emit(tx, name, payload)`); a
 * higher module handles it in its descriptor (`events: (on, services) => on(name, delivery, handler)`), either
 * in the transaction or after commit (see domain-events.ts).
 *
 * Payloads are plain JSON (ids and the facts a reader needs, money in integer cents, times as ISO strings): after-
 * commit deliveries are stored in the outbox, and the outgoing webhooks and the admin dashboard read the same shapes.
 * Names are facts in the past tense, `<thing>.<what happened>`. Adding an event: add it here with its comment, emit it
 * where the change is made.
 */
export interface DomainEventCatalogue {
  /** A scheduled class was cancelled (alone, with its series, or for a studio closure). Its row is already flushed as cancelled. */
  'class.cancelled': { classInstanceId: string; reason: string };
  /** A class now starts at another time (its row changed, not flushed yet). */
  'class.rescheduled': { classInstanceId: string; startsAt: string; startTime: string };
  /** A class's capacity changed (flushed): spots may have opened. */
  'class.capacity_changed': { classInstanceId: string; capacity: number };
  /** Classes were added, edited or cancelled: what the schedule shows of them (seat counts included) may differ. */
  'class.changed': { classInstanceIds: string[] };
  /**
   * A spot was booked by a member (held in their cart when it is to be paid) or by staff; `paymentStatus` covered: an
   * entitlement paid for it. A spot offered from the waitlist is not announced here.
   */
  'booking.created': {
    bookingId: string;
    classInstanceId: string;
    attendeeId: string;
    bookedById: string;
    status: 'held' | 'confirmed';
    paymentStatus: 'free' | 'unpaid' | 'paid' | 'covered';
    priceCents: number;
  };
  /**
   * A member or staff cancelled a booking (a cancelled class announces class.cancelled instead). `refundDue`: it was
   * paid and cancelled in time, so its payment goes back.
   */
  'booking.cancelled': {
    bookingId: string;
    classInstanceId: string;
    attendeeId: string;
    by: 'member' | 'staff';
    late: boolean;
    refundDue: boolean;
  };
  /**
   * A spot freed in a full class was given to the next person on its waitlist: held for them to claim (and pay) until
   * `holdExpiresAt`, or confirmed at once when an entitlement covered it.
   */
  'waitlist.promoted': {
    waitlistEntryId: string;
    bookingId: string;
    classInstanceId: string;
    attendeeId: string;
    status: 'held' | 'confirmed';
    holdExpiresAt: string | null;
  };
  /**
   * Attendees were checked in to their class (at the kiosk, or by staff); `bookingIds` each had no check-in before.
   */
  'booking.checked_in': { bookingIds: string[]; by: 'kiosk' | 'staff' };
  /**
   * A person joined the studio: signed up themselves, made by an admin, or added by a parent as a family member
   * (`guardianId` set; such a member has no sign-in of their own).
   */
  'member.created': { userId: string; role: string; guardianId: string | null; via: 'registration' | 'admin' | 'family' };
  /**
   * An admin merged two accounts of one person: every row that referenced `mergedId` is to reference `keptId` instead.
   * Announced in the merge's transaction before the duplicate is deactivated; each module that owns rows referencing
   * app_user re-points its own (resolving its own unique conflicts) in an in-transaction handler. The merge fails
   * (and rolls back) when any row still references the duplicate afterwards.
   */
  'member.merged': { keptId: string; mergedId: string; byId: string };
  /**
   * A spot held in a member's cart for payment was let go before it was paid (removed from the cart, its hold time
   * up, cancelled by the member or by staff): a checkout still open for it must close.
   */
  'booking.hold_released': {
    bookingId: string;
    classInstanceId: string;
    reason: 'member' | 'staff' | 'hold_expired' | 'class_cancelled' | 'removed_from_cart';
  };
  /**
   * An order was paid: a checkout online (in the payment's transaction, once per checkout) or a member's sale at the
   * front desk. Its lines are written (flushed) before the event.
   */
  'order.paid': {
    orderId: string;
    ownerId: string;
    totalCents: number;
    channel: 'online' | 'front_desk';
    lines: OrderPaidLine[];
  };
  /**
   * A membership started (bought, or comped by an admin), changed state (paused, past due, suspended, active again,
   * ended), moved to another plan, or was set to end (or not) at its period's end. `previousStatus` is null for a new
   * one. A renewal that changes none of these is not announced.
   */
  'membership.changed': {
    membershipId: string;
    holderId: string;
    planId: string;
    status: string;
    previousStatus: string | null;
    cancelAtPeriodEnd: boolean;
    comp: boolean;
  };
  /**
   * Money of a paid order went back to the payer: an admin's refund, a paid class cancelled in time, a membership's
   * unused days, or a refund made at the payment provider (its dashboard). `amountCents` is this refund's part;
   * `refundedCents` all refunded of the order so far.
   */
  'order.refunded': {
    orderId: string;
    ownerId: string | null;
    amountCents: number;
    refundedCents: number;
    totalCents: number;
    fullyRefunded: boolean;
  };
  /** A member's invoice was paid: online (its order named), or recorded by staff as cash or a bank transfer. */
  'invoice.paid': {
    invoiceId: string;
    memberId: string;
    totalCents: number;
    method: 'card' | 'cash' | 'bank_transfer';
    orderId: string | null;
  };
  /**
   * A student's move is signed off on every side: by staff directly, or by attempts meeting its clearance rule.
   */
  'move.signed_off': {
    studentId: string;
    moveId: string;
    moveName: string;
    apparatusId: string;
    signedOffById: string;
    by: 'staff' | 'clearance';
  };
  /** Staff turned a student's sign-off request down with a note (the request is closed, the move stays as it was). */
  'move.sign_off_rejected': { requestId: string; studentId: string; moveId: string; moveName: string; rejectedById: string; note: string };
  /** A student reached a level of an apparatus: its moves are signed off, or an admin placed them there. */
  'level.achieved': { studentId: string; apparatusId: string; level: number; by: 'sign_off' | 'placement' };
  /**
   * A queued job failed its last attempt (pg-boss retries it no more by itself). `lastCompletedRunId`: the queue's
   * latest successful run before it (null: none recorded), so one failure that repeats run after run reads as one.
   */
  'job.failed': {
    queue: string;
    description: string;
    jobId: string;
    runId: string;
    attempts: number;
    error: string;
    lastCompletedRunId: string | null;
  };
}

/** One line of a paid order, as order.paid tells it. */
export interface OrderPaidLine {
  kind: 'class' | 'product';
  description: string;
  quantity: number;
  unitCents: number;
  bookingId?: string;
  variantId?: string;
  /** A product of category invoice: paying it pays the member's invoice. */
  invoice?: boolean;
}

export type DomainEventName = keyof DomainEventCatalogue;
export type DomainEventPayload<Name extends DomainEventName> = DomainEventCatalogue[Name];
