import type { ApolloCache, Reference } from '@apollo/client';
import { dropFromCart } from '../../components/cartCache';

/**
 * The family's places (the cached `myBookings` and `myWaitlist` lists, and the cart) after a booking change, from
 * what the mutation answered: nothing is asked again. Lists that are not cached are left alone; they are fetched
 * whole when a page first shows them.
 */

type ReadField = <T>(field: string, from: Reference) => T | undefined;

const classIdOf = (readField: ReadField, place: Reference) => {
  const klass = readField<Reference>('classInstance', place);
  return klass ? readField<string>('id', klass) : undefined;
};

/** The API lists places by class start, then id; date and time order the same way. */
const orderKeyOf = (readField: ReadField, place: Reference) => {
  const klass = readField<Reference>('classInstance', place);
  return klass ? `${readField<string>('date', klass)} ${readField<string>('startTime', klass)} ${readField<string>('id', place)}` : '';
};

function insertPlace(cache: ApolloCache, field: 'myBookings' | 'myWaitlist', place: Reference): void {
  cache.modify<Record<string, readonly Reference[]>>({
    fields: {
      [field]: (places: readonly Reference[], { readField }) => {
        if (places.some((p) => p.__ref === place.__ref)) return places;
        const key = orderKeyOf(readField, place);
        const at = places.findIndex((p) => orderKeyOf(readField, p) > key);
        return at < 0 ? [...places, place] : [...places.slice(0, at), place, ...places.slice(at)];
      },
    },
  });
}

/** A booking the mutation answered (with the MyBooking fields) joins "My bookings". */
export function addMyBooking(cache: ApolloCache, bookingId: string): void {
  insertPlace(cache, 'myBookings', { __ref: cache.identify({ __typename: 'Booking', id: bookingId })! });
}

/** A waitlist place the mutation answered (with the MyWaitlistEntry fields) joins "My waitlist". */
export function addMyWaitlistEntry(cache: ApolloCache, entryId: string): void {
  insertPlace(cache, 'myWaitlist', { __ref: cache.identify({ __typename: 'WaitlistEntry', id: entryId })! });
}

/**
 * A class as the server answered it after a change there lists every active booking and waiting place the family
 * has in it. Cached ones of that class it no longer lists are gone (cancelled, released, waiting closed because
 * the person was booked or offered a spot): they leave the lists and the cart, and the cache.
 */
export function dropGonePlaces(
  cache: ApolloCache,
  klass: { id: string; myBookings: readonly { id: string }[]; myWaitlistEntries: readonly { id: string }[] },
): void {
  const bookings = new Set(klass.myBookings.map((b) => b.id));
  const waiting = new Set(klass.myWaitlistEntries.map((w) => w.id));
  const gone = new Set<string>();
  const goneBookings = new Set<string>();
  cache.modify<Record<string, readonly Reference[]>>({
    fields: {
      myBookings: (places: readonly Reference[], { readField }) =>
        places.filter((place) => {
          const id = readField<string>('id', place)!;
          if (classIdOf(readField, place) !== klass.id || bookings.has(id)) return true;
          goneBookings.add(id);
          gone.add(place.__ref);
          return false;
        }),
      myWaitlist: (places: readonly Reference[], { readField }) =>
        places.filter((place) => {
          if (classIdOf(readField, place) !== klass.id || readField('status', place) !== 'waiting') return true;
          if (waiting.has(readField<string>('id', place)!)) return true;
          gone.add(place.__ref);
          return false;
        }),
    },
  });
  dropFromCart(cache, (item) => {
    const left = item.classInstanceId === klass.id && !bookings.has(item.booking.id);
    if (left) gone.add(cache.identify({ __typename: 'Booking', id: item.booking.id })!);
    return left || goneBookings.has(item.booking.id);
  });
  gone.forEach((id) => cache.evict({ id }));
  cache.gc();
}

/** A person's places on a class's waitlist leave "My waitlist" (they claimed the spot offered to them). */
export function dropWaitlistPlacesOf(cache: ApolloCache, classId: string, attendeeId: string): void {
  const gone: string[] = [];
  cache.modify<Record<string, readonly Reference[]>>({
    fields: {
      myWaitlist: (places: readonly Reference[], { readField }) =>
        places.filter((place) => {
          const attendee = readField<Reference>('attendee', place);
          if (classIdOf(readField, place) !== classId || !attendee || readField('id', attendee) !== attendeeId) return true;
          gone.push(place.__ref);
          return false;
        }),
    },
  });
  gone.forEach((id) => cache.evict({ id }));
  cache.gc();
}
