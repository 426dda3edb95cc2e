import { fullName } from '@studio/rules';
import { TZDate } from '@date-fns/tz';
import { getVtimezoneComponent } from '@touch4it/ical-timezones';
import ical, { ICalCalendarMethod, ICalEventStatus } from 'ical-generator';
import { describeClassTime } from '../../common/studio-time.js';
import type { Booking } from '../bookings/booking.entity.js';
import type { ClassInstance } from '../classes/class-instance.entity.js';

/** What every calendar file needs to know about the studio. */
export interface StudioCalendar {
  studioName: string;
  timeZone: string;
  /** The app's address, for links and for the events' UIDs. */
  publicUrl: string;
}

/** A booking with what its event shows: its class (type, apparatus, instructor), attendee and rig point, all loaded. */
export interface CalendarBooking {
  booking: Booking;
  /** Until when it can be cancelled without counting as late (booking.policy). */
  freeUntil: Date;
}

/** "Silks Intro" for your own booking; "Silks Intro · Mia" for a family member's. */
function summaryOf(booking: Booking, viewerId: string): string {
  const name = booking.classInstance.blueprint.name;
  return booking.attendee.id === viewerId ? name : `${name} · ${booking.attendee.firstName}`;
}

function descriptionOf({ booking, freeUntil }: CalendarBooking, studio: StudioCalendar): string {
  const c = booking.classInstance;
  const lines = [
    `${c.blueprint.apparatus.name} · Level ${c.blueprint.level} · with ${fullName(c.instructor)}`,
    `For ${fullName(booking.attendee)}${booking.rigPoint ? ` · ${booking.rigPoint.name}` : ''}`,
  ];
  if (freeUntil.getTime() > Date.now())
    lines.push(`Free cancellation until ${describeClassTime(freeUntil, studio.timeZone)}; later counts as a late cancellation.`);
  lines.push(`Manage your bookings: ${studio.publicUrl}/classes`);
  return lines.join('\n');
}

/** A class the viewer teaches: what the instructor needs at a glance, and the way to its roster. */
function teachingDescription(c: ClassInstance, studio: StudioCalendar): string {
  return [
    `You teach · ${c.blueprint.apparatus.name} · Level ${c.blueprint.level}`,
    `${c.spotsTaken} of ${c.capacity} spots taken when your calendar last looked`,
    `Roster and check-in: ${studio.publicUrl}/class-instances?from=${c.date}`,
  ].join('\n');
}

/**
 * An iCalendar file of bookings (ical-generator): times carry the studio's time zone (TZID with its VTIMEZONE), so
 * every calendar app shows them at the studio's wall-clock time, converted to the viewer's zone where it differs.
 * One booking is one event whose UID stays the same in downloads and feeds, so a calendar updates rather than doubles.
 */
export function bookingsCalendar(
  studio: StudioCalendar,
  bookings: CalendarBooking[],
  options: { viewerId: string; name: string; feed: boolean },
  /** Classes the viewer teaches (staff feeds), with blueprint.apparatus loaded. */
  teaching: ClassInstance[] = [],
): string {
  const host = new URL(studio.publicUrl).hostname;
  const calendar = ical({
    name: options.name,
    prodId: { company: studio.studioName, product: 'Studio app', language: 'EN' },
    // The generator writes a VTIMEZONE for the zone the events name; no calendar-wide zone keeps DTSTAMP in UTC.
    timezone: { name: null, generator: getVtimezoneComponent },
    // A feed asks subscribers to look again hourly; a single download is an event to add.
    ...(options.feed ? { ttl: 3600 } : { method: ICalCalendarMethod.PUBLISH }),
  });
  for (const entry of bookings) {
    const { booking } = entry;
    const c = booking.classInstance;
    calendar.createEvent({
      id: `booking-${booking.id}@${host}`,
      start: new TZDate(c.startsAt.getTime(), studio.timeZone),
      end: new TZDate(c.endsAt.getTime(), studio.timeZone),
      timezone: studio.timeZone,
      summary: summaryOf(booking, options.viewerId),
      description: descriptionOf(entry, studio),
      location: studio.studioName,
      url: `${studio.publicUrl}/classes?class=${c.id}`,
      status: ICalEventStatus.CONFIRMED,
    });
  }
  for (const c of teaching) {
    calendar.createEvent({
      id: `teaching-${c.id}@${host}`,
      start: new TZDate(c.startsAt.getTime(), studio.timeZone),
      end: new TZDate(c.endsAt.getTime(), studio.timeZone),
      timezone: studio.timeZone,
      summary: `Teaching: ${c.blueprint.name}`,
      description: teachingDescription(c, studio),
      location: studio.studioName,
      url: `${studio.publicUrl}/class-instances?from=${c.date}`,
      status: ICalEventStatus.CONFIRMED,
    });
  }
  return calendar.toString();
}

/** A file name from words: "Silks Intro", "2026-11-24" → "silks-intro-2026-11-24.ics". */
export function icsFilename(...words: string[]): string {
  const slug = words
    .join(' ')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  return `${slug || 'calendar'}.ics`;
}
