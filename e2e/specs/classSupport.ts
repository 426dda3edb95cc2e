import type { APIRequestContext } from '@playwright/test';
import { gql, loginViaApi, registerAccount, signOwnWaiver, type TestAccount } from './support';

/**
 * The studio's time zone: class dates and times are written in it. E2E_STUDIO_TZ (read by serve.mjs too) runs the
 * suite in another, e.g. one where it is just before midnight now, to try the late-evening paths.
 */
export const STUDIO_TZ = process.env.E2E_STUDIO_TZ ?? 'America/Los_Angeles';

/** Date (YYYY-MM-DD) and time (HH:MM) on the studio's clock, `minutes` from now. */
export function studioClock(minutes = 0): { date: string; time: string } {
  const at = new Date(Date.now() + minutes * 60_000);
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-CA', {
      timeZone: STUDIO_TZ,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(at)
      .map((p) => [p.type, p.value]),
  );
  return { date: `${parts.year}-${parts.month}-${parts.day}`, time: `${parts.hour}:${parts.minute}` };
}

/** A fresh member with a signed waiver, so each spec owns its bookings. */
export async function newMember(request: APIRequestContext, firstName: string, lastName?: string): Promise<TestAccount> {
  const account = await registerAccount(request, { firstName, lastName });
  await signOwnWaiver(request, account);
  return { ...account, user: { ...account.user, waiverSigned: true } };
}

export interface CreatedClass {
  id: string;
  date: string;
  startTime: string;
  name: string;
  priceCents: number;
}

/** A class type of our own (through the admin API), named `name`; a free 15-minute class on the first apparatus unless told. */
export async function createClassType(
  request: APIRequestContext,
  name: string,
  options: { durationMinutes?: number; dropInPriceCents?: number; level?: number; apparatusId?: string; defaultInstructorId?: string } = {},
): Promise<{ id: string; name: string; durationMinutes: number; dropInPriceCents: number }> {
  const admin = await loginViaApi(request, 'admin');
  const apparatusId = options.apparatusId ?? (await gql(request, `{ apparatuses { id } }`)).apparatuses[0].id;
  const { createClassBlueprint } = await gql(
    request,
    `mutation($input: BlueprintInput!) { createClassBlueprint(input: $input) { id name durationMinutes dropInPriceCents } }`,
    {
      input: {
        name,
        apparatusId,
        level: options.level ?? 1,
        durationMinutes: options.durationMinutes ?? 15,
        defaultCapacity: 6,
        dropInPriceCents: options.dropInPriceCents ?? 0,
        ...(options.defaultInstructorId ? { defaultInstructorId: options.defaultInstructorId } : {}),
      },
    },
    admin.token,
  );
  return createClassBlueprint;
}

/**
 * A class of our own (through the admin API), so counts are not shared with other specs, on the studio's calendar at
 * `at` (defaults: eight days ahead at 07:10). Its type is `type` (a class type's exact name) or a paid demo class type
 * without rig points; its instructor `instructorId` or the first one.
 */
export async function createClass(
  request: APIRequestContext,
  options: { at?: { date: string; time: string }; capacity?: number; type?: string; instructorId?: string } = {},
): Promise<CreatedClass> {
  const admin = await loginViaApi(request, 'admin');
  const { classBlueprints } = await gql(
    request,
    `query($search: String) { classBlueprints(pageSize: 25, isActive: true, search: $search) { items { id name dropInPriceCents usesRigPoints } } }`,
    { search: options.type ?? null },
    admin.token,
  );
  const blueprint = classBlueprints.items.find((b: { name: string; dropInPriceCents: number; usesRigPoints: boolean }) =>
    options.type ? b.name === options.type : b.dropInPriceCents > 0 && !b.usesRigPoints,
  );
  if (!blueprint) throw new Error(`The demo data has no ${options.type ?? 'paid class type without rig points'}`);
  const instructorId = options.instructorId ?? (await gql(request, `{ instructors { id name } }`)).instructors[0].id;
  const at = options.at ?? { date: studioClock(8 * 24 * 60).date, time: '07:10' };
  const { createClassInstance } = await gql(
    request,
    `mutation($input: InstanceInput!) { createClassInstance(input: $input) { id date startTime } }`,
    {
      input: {
        blueprintId: blueprint.id,
        date: at.date,
        startTime: at.time,
        instructorId,
        capacity: options.capacity ?? 4,
      },
    },
    admin.token,
  );
  return {
    id: createClassInstance.id,
    date: createClassInstance.date,
    startTime: createClassInstance.startTime,
    name: blueprint.name,
    priceCents: blueprint.dropInPriceCents,
  };
}

const minutesOf = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));
const hhmm = (minutes: number) => `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

/**
 * A start on the studio's clock for a class of `durationMinutes` whose check-in is open now (it starts within the next
 * 30 minutes or started under 15 minutes ago) and that ends on the day it starts (a class may not run past midnight):
 * about 20 minutes from now; late in the evening as late as still fits today, or just after midnight. Null when no
 * start fits (a long class late in the evening).
 */
export function checkInSlot(durationMinutes: number): { date: string; time: string } | null {
  const now = studioClock(0);
  const soon = studioClock(20);
  if (soon.date !== now.date || minutesOf(soon.time) + durationMinutes < 24 * 60) return soon;
  const nowMin = minutesOf(now.time);
  const latestToday = 24 * 60 - 1 - durationMinutes;
  if (latestToday >= nowMin - 10) return { date: now.date, time: hhmm(latestToday) };
  if (24 * 60 - nowMin <= 30) return { date: studioClock(24 * 60).date, time: '00:00' };
  return null;
}

/**
 * A class whose check-in is open now: of the shortest demo class type (Kids Hammock, 45 minutes; not a type another
 * spec made, whose counts it owns), or of a 15-minute drill late in the evening.
 */
export async function createCheckInClass(request: APIRequestContext): Promise<CreatedClass> {
  const admin = await loginViaApi(request, 'admin');
  const { classBlueprints } = await gql(
    request,
    `{ classBlueprints(search: "Kids Hammock", isActive: true) { items { id name durationMinutes dropInPriceCents apparatus { id } } } }`,
    {},
    admin.token,
  );
  let blueprint = classBlueprints.items.find((b: { name: string }) => b.name === 'Kids Hammock');
  if (!blueprint) throw new Error('The demo data has no Kids Hammock class type');
  let at = checkInSlot(blueprint.durationMinutes);
  if (!at) {
    blueprint = await createClassType(request, `Check-in drill ${Date.now().toString(36)}`, { apparatusId: blueprint.apparatus.id });
    at = checkInSlot(15)!;
  }
  const { instructors } = await gql(request, `{ instructors { id name } }`);
  const { createClassInstance } = await gql(
    request,
    `mutation($input: InstanceInput!) { createClassInstance(input: $input) { id date startTime checkInOpen } }`,
    { input: { blueprintId: blueprint.id, date: at.date, startTime: at.time, instructorId: instructors[0].id, capacity: 6 } },
    admin.token,
  );
  if (!createClassInstance.checkInOpen) throw new Error(`Check-in is not open for a class at ${createClassInstance.startTime}`);
  return {
    id: createClassInstance.id,
    date: createClassInstance.date,
    startTime: createClassInstance.startTime,
    name: blueprint.name,
    priceCents: blueprint.dropInPriceCents,
  };
}

/** Staff books an attendee straight in (confirmed), as the front desk would. */
export async function staffBook(request: APIRequestContext, classInstanceId: string, attendeeId: string): Promise<string> {
  const admin = await loginViaApi(request, 'admin');
  const { staffBookAttendee } = await gql(
    request,
    `mutation($c: ID!, $a: ID!) { staffBookAttendee(classInstanceId: $c, attendeeId: $a) { id status } }`,
    { c: classInstanceId, a: attendeeId },
    admin.token,
  );
  return staffBookAttendee.id;
}

/** Staff mark a booking's attendee present (check-in must be open for its class). */
export async function checkIn(request: APIRequestContext, bookingId: string): Promise<void> {
  const admin = await loginViaApi(request, 'admin');
  await gql(request, `mutation($b: ID!) { markAttendance(bookingId: $b, present: true) { id } }`, { b: bookingId }, admin.token);
}

export const money = (cents: number) => `$${(cents / 100).toFixed(2)}`;
