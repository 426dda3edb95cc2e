/** Answers shaped like the API's, for the class, cart and kiosk tests. */
import type { ClassDetails } from '../src/components/schedule/ClassDetailsDialog';

let seq = 0;
const nextId = (prefix: string) => `${prefix}-${++seq}`;

export function isoInDays(days: number): string {
  return new Date(Date.now() + days * 86_400_000).toISOString();
}

interface ClassOptions {
  /** The studio's fees (0: none, the default). */
  lateCancelFeeCents?: number;
  noShowFeeCents?: number;
  id?: string;
  date?: string;
  startTime?: string;
  endTime?: string;
  startsAt?: string;
  endsAt?: string;
  name?: string;
  level?: number;
  apparatus?: { id: string; name: string };
  instructor?: { id: string; name: string };
  capacity?: number;
  spotsLeft?: number;
  waitlistLength?: number;
  status?: 'scheduled' | 'cancelled';
  priceCents?: number;
  usesRigPoints?: boolean;
  bookingGated?: boolean;
  minAge?: number | null;
  maxAge?: number | null;
  rigPoints?: { id: string; name: string; taken: boolean }[];
  myBookings?: {
    id: string;
    status: string;
    attendeeId: string;
    firstName: string;
    paymentStatus?: string;
    source?: string;
    holdExpiresAt?: string | null;
  }[];
  myWaitlistEntries?: { id: string; position: number | null; attendeeId: string; firstName: string }[];
  bookable?: boolean;
}

export const SILKS = { __typename: 'Apparatus', id: 'app-silks', name: 'Silks' };
export const LYRA = { __typename: 'Apparatus', id: 'app-lyra', name: 'Lyra' };
/** An instructor with their profile (class details ask for all of it). */
export function makeInstructor(o: {
  id: string;
  name: string;
  bio?: string;
  photoUrl?: string | null;
  apparatuses?: { id: string; name: string }[];
}) {
  const [firstName, ...rest] = o.name.split(' ');
  return {
    __typename: 'PersonSummary',
    id: o.id,
    name: o.name,
    firstName,
    lastName: rest.join(' '),
    bio: o.bio ?? '',
    photoUrl: o.photoUrl ?? null,
    apparatuses: (o.apparatuses ?? []).map((a) => ({ __typename: 'Apparatus', ...a })),
  };
}
export const IRIS = makeInstructor({ id: 'ins-iris', name: 'Iris Vale' });
export const THEO = makeInstructor({ id: 'ins-theo', name: 'Theo Marsh' });
/** The studio's default cancellation cutoff. */
export const CUTOFF_HOURS = 12;

/** A class in the schedule (with the viewer's booking state), with what its details add (cutoff, instructor profile). */
export function makeClass(o: ClassOptions = {}): ClassDetails & { __typename: 'ClassInstance' } {
  const id = o.id ?? nextId('class');
  const apparatus = o.apparatus ? { __typename: 'Apparatus', ...o.apparatus } : SILKS;
  const startsAt = o.startsAt ?? isoInDays(3);
  return {
    __typename: 'ClassInstance',
    id,
    date: o.date ?? '2030-03-04',
    startTime: o.startTime ?? '18:00',
    endTime: o.endTime ?? '19:15',
    startsAt,
    endsAt: o.endsAt ?? new Date(Date.parse(startsAt) + 75 * 60_000).toISOString(),
    freeCancellationUntil: new Date(Date.parse(startsAt) - CUTOFF_HOURS * 3_600_000).toISOString(),
    lateCancelFeeCents: o.lateCancelFeeCents ?? 0,
    noShowFeeCents: o.noShowFeeCents ?? 0,
    status: o.status ?? 'scheduled',
    capacity: o.capacity ?? 6,
    spotsLeft: o.spotsLeft ?? 4,
    waitlistLength: o.waitlistLength ?? 0,
    bookable: o.bookable ?? true,
    bookingOpensAt: isoInDays(-20),
    notes: '',
    blueprint: {
      __typename: 'ClassBlueprint',
      id: `bp-${id}`,
      name: o.name ?? 'Silks Intro',
      description: 'Your first climbs and foot locks on the fabric.',
      level: o.level ?? 1,
      durationMinutes: 75,
      dropInPriceCents: o.priceCents ?? 2800,
      usesRigPoints: o.usesRigPoints ?? false,
      bookingGated: o.bookingGated ?? false,
      minAge: o.minAge ?? null,
      maxAge: o.maxAge ?? null,
      apparatus,
    },
    instructor: o.instructor ? makeInstructor(o.instructor) : IRIS,
    rigPoints: (o.rigPoints ?? []).map((r) => ({
      __typename: 'RigPointAvailability',
      taken: r.taken,
      rigPoint: { __typename: 'RigPoint', id: r.id, name: r.name },
    })),
    myBookings: (o.myBookings ?? []).map((b) => ({
      __typename: 'Booking',
      id: b.id,
      status: b.status,
      source: b.source ?? 'member',
      paymentStatus: b.paymentStatus ?? 'unpaid',
      holdExpiresAt: b.holdExpiresAt ?? null,
      attendee: { __typename: 'User', id: b.attendeeId, firstName: b.firstName },
    })),
    myWaitlistEntries: (o.myWaitlistEntries ?? []).map((w) => ({
      __typename: 'WaitlistEntry',
      id: w.id,
      status: 'waiting',
      position: w.position,
      attendee: { __typename: 'User', id: w.attendeeId, firstName: w.firstName },
    })),
  } as unknown as ClassDetails & { __typename: 'ClassInstance' };
}

export interface CartItemOptions {
  id?: string;
  classInstanceId?: string;
  priceCents?: number;
  name?: string;
  firstName?: string;
  date?: string | null;
  startTime?: string;
  endTime?: string;
  holdExpiresAt?: string | null;
}

export function makeCartItem(o: CartItemOptions = {}) {
  const id = o.id ?? nextId('booking');
  const classInstanceId = o.classInstanceId ?? nextId('class');
  return {
    __typename: 'CartItem',
    id,
    classInstanceId,
    priceCents: o.priceCents ?? 2800,
    booking: {
      __typename: 'Booking',
      id,
      holdExpiresAt: o.holdExpiresAt === undefined ? new Date(Date.now() + 14 * 60_000).toISOString() : o.holdExpiresAt,
      attendee: { __typename: 'User', id: `u-${id}`, firstName: o.firstName ?? 'Sam' },
      classInstance: {
        __typename: 'ClassInstance',
        id: classInstanceId,
        date: o.date === undefined ? '2030-03-04' : o.date,
        startTime: o.startTime ?? '18:00',
        endTime: o.endTime ?? '19:15',
        instructor: IRIS,
        blueprint: {
          __typename: 'ClassBlueprint',
          id: `bp-${classInstanceId}`,
          name: o.name ?? 'Silks Intro',
          description: '',
          apparatus: SILKS,
        },
      },
    },
  };
}

export function cartAnswer(items: ReturnType<typeof makeCartItem>[]) {
  return {
    data: {
      cart: { __typename: 'ClassCart', items, totalItems: items.length, totalPriceCents: items.reduce((s, i) => s + i.priceCents, 0) },
    },
  };
}
