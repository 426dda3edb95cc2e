import ICAL from 'ical.js';
import { startTestApp, type TestApp } from '../../../test/app.js';
import { makeClass } from '../../../test/classes.js';
import { studioWallClock } from '../../common/studio-time.js';
import { em, makeFamilyMember, makeUser, Role } from '../../../test/factories.js';
import { ClassInstance, ClassStatus } from '../classes/class-instance.entity.js';
import { User } from '../users/user.entity.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ PUBLIC_URL: 'https://studio.example', STUDIO_TIME_ZONE: 'America/New_York' });
});
afterAll(() => t.close());

const FEED = `{ myCalendarFeed { url webcalUrl } }`;
const RESET = `mutation { resetCalendarFeed { url webcalUrl } }`;
const BOOK = `mutation($c: ID!, $a: ID!) { bookClass(classInstanceId: $c, attendeeId: $a) { booking { id status } } }`;
const CANCEL = `mutation($id: ID!) { cancelBooking(bookingId: $id) { id status } }`;
const member = (opts: Parameters<typeof makeUser>[1] = {}) => makeUser(t, { signed: true, ...opts });

/** GETs an /api path of the test server (the feed's public address is PUBLIC_URL's, served here). */
async function get(path: string, opts: { token?: string; ip?: string } = {}) {
  const res = await fetch(`${t.url}${path}`, {
    headers: {
      ...(opts.token ? { authorization: `Bearer ${opts.token}` } : {}),
      ...(opts.ip ? { 'x-forwarded-for': opts.ip } : {}),
    },
  });
  return { status: res.status, headers: res.headers, text: await res.text() };
}
const pathOf = (url: string) => new URL(url).pathname;

/** The events of an iCalendar text, read with a real parser (ical.js), with their times on the studio's clock. */
function eventsOf(ics: string) {
  const calendar = new ICAL.Component(ICAL.parse(ics));
  for (const zone of calendar.getAllSubcomponents('vtimezone')) ICAL.TimezoneService.register(zone);
  return calendar.getAllSubcomponents('vevent').map((vevent) => {
    const event = new ICAL.Event(vevent);
    return {
      uid: event.uid,
      summary: event.summary,
      description: event.description,
      tzid: vevent.getFirstProperty('dtstart')?.getParameter('tzid'),
      start: event.startDate.toString(),
      end: event.endDate.toString(),
      startsAt: event.startDate.toJSDate().toISOString(),
      status: vevent.getFirstPropertyValue('status'),
    };
  });
}

const feedOf = async (token: string) => (await t.gql(FEED, {}, { token })).data?.myCalendarFeed as { url: string; webcalUrl: string };

describe('the private calendar feed', () => {
  it('needs a signed-in member to see or reset its address', async () => {
    expect((await t.gql(FEED)).errors?.[0].extensions?.code).toBe('UNAUTHENTICATED');
    expect((await t.gql(RESET)).errors?.[0].extensions?.code).toBe('UNAUTHENTICATED');
  });

  it('has one secret address per member, kept until reset, not the sign-in token', async () => {
    const m = await member();
    const first = await feedOf(m.token);
    expect(first.url).toMatch(/^https:\/\/studio\.example\/api\/calendar\/[A-Za-z0-9_-]{43}\.ics$/);
    expect(first.webcalUrl).toBe(first.url.replace('https:', 'webcal:'));
    expect(first.url).not.toContain(m.token);
    expect(await feedOf(m.token)).toEqual(first);
    expect((await feedOf((await member()).token)).url).not.toBe(first.url);
  });

  it("serves the member's and their family's bookings as text/calendar in the studio's time zone, without sign-in", async () => {
    const parent = await member({ role: Role.parent, firstName: 'Paula' });
    const kid = await makeFamilyMember(t, parent.user, 9, 'Mia');
    await t.app.services.waivers.sign(em(t), parent.user, [kid.id], { ip: null, userAgent: null });
    const mine = await makeClass(t, { startsInMinutes: 3 * 24 * 60 });
    const kids = await makeClass(t, { startsInMinutes: 4 * 24 * 60 });
    const someoneElses = await makeClass(t, { startsInMinutes: 5 * 24 * 60 });
    await t.gql(BOOK, { c: mine.id, a: parent.user.id }, { token: parent.token });
    await t.gql(BOOK, { c: kids.id, a: kid.id }, { token: parent.token });
    const stranger = await member();
    await t.gql(BOOK, { c: someoneElses.id, a: stranger.user.id }, { token: stranger.token });

    const res = await get(pathOf((await feedOf(parent.token)).url));
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/calendar; charset=utf-8');
    expect(res.headers.get('content-disposition')).toMatch(/^inline; filename="aerial-studio\.ics"$/);
    expect(res.text).toMatch(/^BEGIN:VCALENDAR\r\n/);
    expect(res.text).toContain("X-WR-CALNAME:Aerial Studio · Paula's classes");
    expect(res.text).toContain('BEGIN:VTIMEZONE\r\nTZID:America/New_York');
    const events = eventsOf(res.text);
    expect(events.map((e) => e.summary)).toEqual([mine.blueprint.name, `${kids.blueprint.name} · Mia`]);
    const [event] = events;
    // The class's wall-clock date and time in the studio's zone, and the same instant. Its end is read from the
    // instant: a class made an hour before midnight (a run at that time of day) ends on the next day.
    const end = studioWallClock(mine.endsAt, 'America/New_York');
    expect(event).toMatchObject({
      tzid: 'America/New_York',
      start: `${mine.date}T${mine.startTime}:00`,
      end: `${end.date}T${end.time}:00`,
      startsAt: mine.startsAt.toISOString(),
      status: 'CONFIRMED',
    });
    expect(event.uid).toMatch(/^booking-[0-9a-f-]{36}@studio\.example$/);
    expect(event.description).toContain(`with ${mine.instructor.firstName} ${mine.instructor.lastName}`);
    expect(event.description).toMatch(/Free cancellation until \w{3}, \w{3} \d+ at \d+:\d\d [AP]M; later counts as a late cancellation\./);
  });

  it('drops a booking once it is cancelled', async () => {
    const m = await member();
    const c = await makeClass(t, { startsInMinutes: 3 * 24 * 60 });
    const booked = await t.gql(BOOK, { c: c.id, a: m.user.id }, { token: m.token });
    const path = pathOf((await feedOf(m.token)).url);
    expect(eventsOf((await get(path)).text)).toHaveLength(1);
    await t.gql(CANCEL, { id: booked.data?.bookClass.booking.id }, { token: m.token });
    expect(eventsOf((await get(path)).text)).toEqual([]);
  });

  it("gives staff the classes they teach beside their own bookings, without cancelled ones or other instructors' classes", async () => {
    const teacher = await member({ role: Role.instructor, firstName: 'Tess' });
    const teaches = await makeClass(t, { startsInMinutes: 2 * 24 * 60, instructorId: teacher.user.id, capacity: 8 });
    const cancelled = await makeClass(t, { startsInMinutes: 3 * 24 * 60, instructorId: teacher.user.id });
    await em(t).nativeUpdate(ClassInstance, { id: cancelled.id }, { status: ClassStatus.cancelled, cancelledAt: new Date() });
    const takes = await makeClass(t, { startsInMinutes: 4 * 24 * 60 });
    await t.gql(BOOK, { c: takes.id, a: teacher.user.id }, { token: teacher.token });

    const events = eventsOf((await get(pathOf((await feedOf(teacher.token)).url))).text);
    expect(events.map((e) => e.summary).sort()).toEqual([`Teaching: ${teaches.blueprint.name}`, takes.blueprint.name].sort());
    const teaching = events.find((e) => e.summary.startsWith('Teaching'))!;
    expect(teaching).toMatchObject({ tzid: 'America/New_York', start: `${teaches.date}T${teaches.startTime}:00`, status: 'CONFIRMED' });
    expect(teaching.uid).toBe(`teaching-${teaches.id}@studio.example`);
    expect(teaching.description).toContain('0 of 8 spots taken');
    expect(teaching.description).toContain(`https://studio.example/class-instances?from=${teaches.date}`);

    // A member who is not staff never gets a teaching event, even for a class that names them (data from before a role change).
    const former = await member({ firstName: 'Frida' });
    await makeClass(t, { startsInMinutes: 2 * 24 * 60, instructorId: former.user.id });
    expect(eventsOf((await get(pathOf((await feedOf(former.token)).url))).text)).toEqual([]);
  });

  it('stops answering the old address once reset; unknown and malformed secrets are 404', async () => {
    const m = await member();
    const old = pathOf((await feedOf(m.token)).url);
    expect((await get(old)).status).toBe(200);
    const reset = (await t.gql(RESET, {}, { token: m.token })).data?.resetCalendarFeed;
    expect(pathOf(reset.url)).not.toBe(old);
    expect(await feedOf(m.token)).toEqual(reset);
    expect(await get(old)).toMatchObject({ status: 404, text: 'That calendar feed was not found.' });
    expect((await get(pathOf(reset.url))).status).toBe(200);
    expect((await get(`/api/calendar/${'A'.repeat(43)}.ics`)).status).toBe(404);
    expect((await get('/api/calendar/not-a-secret.ics')).status).toBe(404);
  });

  it("ends with the member's account", async () => {
    const m = await member();
    const path = pathOf((await feedOf(m.token)).url);
    await em(t).nativeUpdate(User, { id: m.user.id }, { isActive: false });
    expect((await get(path)).status).toBe(404);
  });

  it('is rate-limited per feed: 60 an hour, then 429 with Retry-After', async () => {
    const m = await member();
    const path = pathOf((await feedOf(m.token)).url);
    for (let i = 0; i < 60; i++) expect((await get(path, { ip: `10.9.${i}.1` })).status).toBe(200);
    const limited = await get(path, { ip: '10.9.200.1' });
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(3500);
  });
});

describe('one booking as an .ics download', () => {
  it('answers the event as an attachment to whoever may manage the booking; others get 404, signed out 401', async () => {
    const m = await member({ firstName: 'Robin' });
    const c = await makeClass(t, { startsInMinutes: 2 * 24 * 60 });
    const id = (await t.gql(BOOK, { c: c.id, a: m.user.id }, { token: m.token })).data?.bookClass.booking.id;
    const res = await get(`/api/bookings/${id}.ics`, { token: m.token });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/calendar; charset=utf-8');
    const slug = c.blueprint.name.toLowerCase().replace(/ /g, '-');
    expect(res.headers.get('content-disposition')).toBe(`attachment; filename=${slug}-${c.date}.ics`);
    expect(res.text).toContain('METHOD:PUBLISH');
    const [event] = eventsOf(res.text);
    expect(event).toMatchObject({ summary: c.blueprint.name, start: `${c.date}T${c.startTime}:00`, tzid: 'America/New_York' });
    // The same event as in the feed: a calendar that has both updates one.
    const feed = eventsOf((await get(pathOf((await feedOf(m.token)).url))).text);
    expect(feed.map((e) => e.uid)).toEqual([event.uid]);

    expect((await get(`/api/bookings/${id}.ics`)).status).toBe(401);
    expect((await get(`/api/bookings/${id}.ics`, { token: (await member()).token })).status).toBe(404);
    await t.gql(CANCEL, { id }, { token: m.token });
    expect(await get(`/api/bookings/${id}.ics`, { token: m.token })).toMatchObject({ status: 409, text: 'This booking is cancelled.' });
  });
});
