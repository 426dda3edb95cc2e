import type { EntityManager } from '@mikro-orm/postgresql';
import type { ClassInstance } from '../classes/class-instance.entity.js';
import type { User } from '../users/user.entity.js';
import type { Booking } from './booking.entity.js';

/**
 * What bookings asks the modules above it, supplied in their descriptors (`ports: () => ({ bookings: { ... } })`).
 * Each answer runs inside the booking's transaction; a port nobody supplies is off (nothing pays, no fees, everyone
 * in good standing).
 */
export interface BookingPorts {
  /** What pays for a booking instead of the cart (memberships: a membership or class pack). */
  payer: EntitlementPayer;
  /** Late-cancellation and no-show fees, billed to the member's account (invoices). */
  fees: FeeCharger;
  /** Why a member may not be offered a paid spot from the waitlist (invoices: an overdue invoice), or null. */
  standing: StandingCheck;
  /**
   * What an attendee lacks to take a spot in a class (moves: the level or moves its type requires), or null; asked
   * only for class types the answering module marked `bookingGated`.
   */
  requirements: RequirementGate;
}

/** Pays for a booking from an entitlement; each call runs after the booking row is written. */
export interface EntitlementPayer {
  /** Uses the first applicable entitlement for this booking; answers what paid (shown on the booking), or null. */
  claim(tx: EntityManager, booking: Booking): Promise<string | null>;
  /**
   * The entitlement this booking's claim used, as a member knows it (the plan's or the pack's name), with the classes
   * it has left for the class's date, this booking's included (null: unlimited); null when nothing was claimed.
   */
  claimed(tx: EntityManager, bookingId: string): Promise<{ name: string; classesLeft: number | null } | null>;
  /** Covered bookings were cancelled (late: after the cutoff, or a no-show): their credits go back or are used up. */
  released(tx: EntityManager, bookingIds: string[], late: boolean): Promise<void>;
  /** Of these bookings, the ones a complimentary membership paid for: no late-cancellation or no-show fee is charged for them. */
  feeExempt(tx: EntityManager, bookingIds: string[]): Promise<Set<string>>;
}

export type FeeKind = 'late_cancel' | 'no_show';

/** Charges late-cancellation and no-show fees to the member's account. */
export interface FeeCharger {
  /** Bills the fee for this booking (an open invoice the member pays online); answers the invoice's id. */
  charge(tx: EntityManager, booking: Booking, kind: FeeKind, cents: number): Promise<string>;
  /** The attendance was corrected (they were there): the fee's invoice is voided if it is not paid yet. */
  waive(tx: EntityManager, invoiceId: string, reason: string): Promise<boolean>;
}

/**
 * Why this member cannot be offered a paid spot from the waitlist (an overdue invoice, say), or null when they can
 * pay for it. Checked for the attendee and whoever put them on the waitlist (whose cart holds the offer).
 */
export type StandingCheck = (tx: EntityManager, userIds: string[]) => Promise<string | null>;

/**
 * Why this attendee may not take a spot in this class (the moves its type requires that they have not signed off),
 * as a message naming what is missing, or null when they may. Checked on every path that gives an attendee a spot:
 * booking by the member, a parent or staff (the POS too), joining and being offered a spot from the waitlist.
 */
export type RequirementGate = (tx: EntityManager, attendee: User, instance: ClassInstance) => Promise<string | null>;
