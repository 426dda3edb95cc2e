import { randomUUID } from 'node:crypto';
import { startTestApp, type TestApp } from '../../../test/app.js';
import { makeProduct } from '../../../test/shop.js';
import {
  buildBooking,
  buildClassPack,
  buildFeedback,
  buildMembership,
  buildMove,
  buildNotification,
  buildWaitlistEntry,
  em,
  makeClass,
  makeFamilyMember,
  makeUser,
  Role,
  type MadeUser,
} from '../../../test/factories.js';
import { Booking, BookingStatus, PaymentStatus } from '../bookings/booking.entity.js';
import { MoveProgress, MoveSide, MoveState } from '../moves/move-progress.entity.js';
import { MemberMerge } from '../users/member-merge.entity.js';
import { MERGE_KEEPS, userReferences } from '../users/user-references.js';
import { User } from '../users/user.entity.js';
import { ProductVariant } from '../products/product.entity.js';
import { WaiverSignature } from '../waivers/waiver-signature.entity.js';

let t: TestApp;
let admin: MadeUser;
beforeAll(async () => {
  t = await startTestApp();
  admin = await makeUser(t, { role: Role.admin });
});
afterAll(() => t.close());

const MERGE = `mutation($kept: ID!, $merged: ID!) {
  mergeMembers(keptId: $kept, mergedId: $merged) { kept { id isActive } merged { id isActive } moved { table rows } total }
}`;
const merge = (kept: string, merged: string, token = admin.token) => t.gql(MERGE, { kept, merged }, { token });
const refusal = (res: { errors?: readonly { message: string; extensions?: Record<string, unknown> }[] }) => [
  res.errors?.[0].extensions?.code,
  res.errors?.[0].message,
];

/** Every row of the database that references `userId` through a foreign key to app_user, by table.column (pg_catalog). */
async function referencesTo(userId: string): Promise<Record<string, number>> {
  const e = em(t);
  const found: Record<string, number> = {};
  for (const { table, column } of await userReferences(e)) {
    const [{ n }] = await e
      .getConnection()
      .execute<{ n: number }[]>(`select count(*)::int as n from "${table}" where "${column}" = ?`, [userId]);
    if (n) found[`${table}.${column}`] = n;
  }
  return found;
}

describe('mergeMembers', () => {
  it('is refused to visitors and to anyone but admins', async () => {
    const a = await makeUser(t);
    const b = await makeUser(t);
    expect((await t.gql(MERGE, { kept: a.user.id, merged: b.user.id })).errors?.[0].extensions?.code).toBe('UNAUTHENTICATED');
    for (const role of [Role.student, Role.parent, Role.instructor, Role.teacher]) {
      const { token } = await makeUser(t, { role });
      expect((await merge(a.user.id, b.user.id, token)).errors?.[0].extensions?.code).toBe('FORBIDDEN');
    }
    expect((await em(t).findOneOrFail(User, { id: b.user.id })).isActive).toBe(true);
  });

  it("moves every record of the duplicate to the kept account exactly once, resolving what one person can't have twice", async () => {
    const kept = await makeUser(t, { signed: true });
    const dup = await makeUser(t, { signed: true });
    const shared = await makeClass(t);
    const keptShared = await buildBooking(t, { attendee: kept.user, classInstance: shared });
    const dupShared = await buildBooking(t, {
      attendee: dup.user,
      classInstance: shared,
      paymentStatus: PaymentStatus.paid,
      priceCents: 2500,
    });
    await buildBooking(t, { attendee: dup.user });
    await buildBooking(t, { attendee: dup.user });
    await buildWaitlistEntry(t, { attendee: dup.user });
    await buildMembership(t, { holder: dup.user });
    await buildClassPack(t, { owner: dup.user });
    await buildNotification(t, { user: dup.user });
    await buildFeedback(t, { author: dup.user });
    const child = await makeFamilyMember(t, dup.user, 8, 'Mira');
    const moveA = await buildMove(t);
    const moveB = await buildMove(t);
    const e = em(t);
    e.create(MoveProgress, { student: kept.user.id, move: moveA.id, side: MoveSide.both, state: MoveState.learning });
    e.create(MoveProgress, { student: dup.user.id, move: moveA.id, side: MoveSide.both, state: MoveState.solid });
    e.create(MoveProgress, { student: kept.user.id, move: moveB.id, side: MoveSide.both, state: MoveState.signed_off });
    e.create(MoveProgress, { student: dup.user.id, move: moveB.id, side: MoveSide.both, state: MoveState.learning });
    await e.flush();
    expect(Object.keys(await referencesTo(dup.user.id)).length).toBeGreaterThanOrEqual(12);

    const res = await merge(kept.user.id, dup.user.id);
    expect(res.errors).toBeUndefined();
    const result = res.data!.mergeMembers;
    expect(result.kept).toEqual({ id: kept.user.id, isActive: true });
    expect(result.merged).toEqual({ id: dup.user.id, isActive: false });
    const moved = Object.fromEntries(result.moved.map((m: { table: string; rows: number }) => [m.table, m.rows]));
    expect(moved).toMatchObject({
      booking: 3,
      waitlist_entry: 1,
      membership: 1,
      class_pack: 1,
      notification: 1,
      feedback: 1,
      waiver_signature: 1,
      app_user: 1,
      move_progress: 1,
    });
    expect(moved.user_session).toBeUndefined();

    // Nothing references the duplicate any more but the merge record itself.
    expect(await referencesTo(dup.user.id)).toEqual({ 'member_merge.merged_id': 1 });

    const after = em(t);
    const bookings = await after.find(Booking, { attendee: kept.user.id }, { orderBy: { id: 'asc' } });
    expect(bookings).toHaveLength(4);
    // Both had a place in one class: the paid one stays, the free one is released (no money lost).
    expect((await after.findOneOrFail(Booking, { id: dupShared.id })).status).toBe(BookingStatus.confirmed);
    expect((await after.findOneOrFail(Booking, { id: keptShared.id })).status).toBe(BookingStatus.cancelled);
    expect((await after.findOneOrFail(User, { id: kept.user.id })).bookingCount).toBe(3);
    expect((await after.findOneOrFail(User, { id: child.id }, { populate: ['guardian'] })).guardian?.id).toBe(kept.user.id);
    // Both signatures of the version stay (legal records), now the kept account's.
    expect(await after.count(WaiverSignature, { signedFor: kept.user.id })).toBe(2);
    // Of two progress rows for one move, the further one stays.
    const progress = await after.find(MoveProgress, { student: kept.user.id }, { populate: ['move'] });
    expect(Object.fromEntries(progress.map((p) => [p.move.id, p.state]))).toEqual({
      [moveA.id]: MoveState.solid,
      [moveB.id]: MoveState.signed_off,
    });

    const record = await after.findOneOrFail(MemberMerge, { merged: dup.user.id }, { populate: ['kept', 'by'] });
    expect(record.kept.id).toBe(kept.user.id);
    expect(record.by.id).toBe(admin.user.id);
    expect(record.moved.booking).toBe(3);
    // The duplicate's sessions ended; the kept account's did not.
    expect((await t.gql(`{ me { id } }`, {}, { token: dup.token })).errors?.[0].extensions?.code).toBe('UNAUTHENTICATED');
    expect((await t.gql(`{ me { id } }`, {}, { token: kept.token })).data?.me.id).toBe(kept.user.id);
  });

  it('leaves no foreign key to app_user pointing at a merged account (read from pg_catalog)', async () => {
    const kept = await makeUser(t);
    const dup = await makeUser(t, { signed: true, role: Role.parent });
    await makeFamilyMember(t, dup.user, 6);
    await buildBooking(t, { attendee: dup.user, bookedBy: dup.user });
    expect((await merge(kept.user.id, dup.user.id)).errors).toBeUndefined();
    const left = await referencesTo(dup.user.id);
    const allowed = new Set(MERGE_KEEPS.map((k) => `${k.table}.${k.column}`));
    expect(Object.keys(left).filter((ref) => !allowed.has(ref))).toEqual([]);
    // The allow-list names real columns, so it cannot hide a renamed one.
    const columns = new Set((await userReferences(em(t))).map((r) => `${r.table}.${r.column}`));
    for (const ref of allowed) expect(columns.has(ref)).toBe(true);
  });

  it('joins what one person has once: chat threads, cart lines, preferences, reminders, apparatus taught', async () => {
    const sql = async <T = unknown>(text: string, params: unknown[] = []) => (await em(t).getConnection().execute(text, params)) as T;
    const kept = await makeUser(t, { role: Role.instructor });
    const dup = await makeUser(t, { role: Role.instructor });
    const x = await makeUser(t, { role: Role.teacher });
    const y = await makeUser(t, { role: Role.teacher });
    const pair = (a: string, b: string) => (a < b ? [a, b] : [b, a]);
    const conversation = async (kind: 'family' | 'direct', people: string[]) => {
      const id = randomUUID();
      if (kind === 'family') await sql(`insert into conversation (id, kind, family_id) values (?, 'family', ?)`, [id, people[0]]);
      else
        await sql(`insert into conversation (id, kind, member_a_id, member_b_id) values (?, 'direct', ?, ?)`, [
          id,
          ...pair(people[0], people[1]),
        ]);
      return id;
    };
    const message = async (conversationId: string, authorId: string) => {
      const id = randomUUID();
      await sql(`insert into chat_message (id, conversation_id, author_id, body) values (?, ?, ?, 'hi')`, [id, conversationId, authorId]);
      return id;
    };
    const keptFamily = await conversation('family', [kept.user.id]);
    const dupFamily = await conversation('family', [dup.user.id]);
    await message(keptFamily, kept.user.id);
    const dupMessage = await message(dupFamily, dup.user.id);
    await sql(
      `insert into chat_read_state (id, conversation_id, user_id, last_read_id, up_to, read_at) values (?, ?, ?, ?, now(), now())`,
      [randomUUID(), dupFamily, dup.user.id, dupMessage],
    );
    const keptWithX = await conversation('direct', [kept.user.id, x.user.id]);
    const dupWithX = await conversation('direct', [dup.user.id, x.user.id]);
    await message(keptWithX, x.user.id);
    await message(dupWithX, x.user.id);
    const dupWithY = await conversation('direct', [dup.user.id, y.user.id]);
    const withEachOther = await conversation('direct', [kept.user.id, dup.user.id]);
    await sql(`insert into chat_presence (id, user_id, instance, connections, seen_at) values (?, ?, 'i-1', 1, now())`, [
      randomUUID(),
      dup.user.id,
    ]);
    await sql(`insert into notification_preferences (user_id, email_types) values (?, '{booking}'), (?, '{}')`, [
      kept.user.id,
      dup.user.id,
    ]);
    await sql(`insert into calendar_feed (user_id, token) values (?, ?)`, [dup.user.id, randomUUID().replace(/-/g, '')]);
    const [v, w] = await Promise.all([makeProduct(t), makeProduct(t)]);
    const [variantV, variantW] = await Promise.all([v, w].map((p) => em(t).findOneOrFail(ProductVariant, { product: p.id })));
    await sql(`insert into product_cart_item (id, owner_id, variant_id, quantity) values (?, ?, ?, 2), (?, ?, ?, 3), (?, ?, ?, 1)`, [
      randomUUID(),
      kept.user.id,
      variantV.id,
      randomUUID(),
      dup.user.id,
      variantV.id,
      randomUUID(),
      dup.user.id,
      variantW.id,
    ]);
    const [{ id: documentId }] = await sql<{ id: string }[]>(`select id from waiver_document order by version limit 1`);
    await sql(
      `insert into waiver_reminder (id, person_id, document_id, day) values (?, ?, ?, '2026-01-05'), (?, ?, ?, '2026-01-05'), (?, ?, ?, '2026-01-06')`,
      [randomUUID(), kept.user.id, documentId, randomUUID(), dup.user.id, documentId, randomUUID(), dup.user.id, documentId],
    );
    const apparatus = await sql<{ id: string }[]>(`select id from apparatus order by name limit 2`);
    await sql(`insert into instructor_apparatus (instructor_id, apparatus_id) values (?, ?), (?, ?), (?, ?)`, [
      kept.user.id,
      apparatus[0].id,
      dup.user.id,
      apparatus[0].id,
      dup.user.id,
      apparatus[1].id,
    ]);
    const child = await makeFamilyMember(t, dup.user, 7);
    await sql(
      `insert into family_invite (id, member_id, invited_by_id, email, token_hash, sent_at, expires_at) values (?, ?, ?, 'kid@example.test', ?, now(), now() + interval '1 day')`,
      [randomUUID(), child.id, dup.user.id, randomUUID().replace(/-/g, '')],
    );

    const res = await merge(kept.user.id, dup.user.id);
    expect(res.errors).toBeUndefined();
    expect(await referencesTo(dup.user.id)).toEqual({ 'member_merge.merged_id': 1 });

    const count = async (text: string, params: unknown[]) =>
      (await sql<{ n: number }[]>(`select count(*)::int as n from ${text}`, params))[0].n;
    // One family thread, holding both accounts' messages; one conversation with X, holding both.
    expect(await count(`conversation where family_id = ?`, [kept.user.id])).toBe(1);
    expect(await count(`chat_message where conversation_id = ?`, [keptFamily])).toBe(2);
    expect(await count(`conversation where id in (?, ?, ?)`, [dupFamily, dupWithX, withEachOther])).toBe(0);
    expect(await count(`chat_message where conversation_id = ?`, [keptWithX])).toBe(2);
    const [withY] = await sql<{ a: string; b: string }[]>(`select member_a_id as a, member_b_id as b from conversation where id = ?`, [
      dupWithY,
    ]);
    expect([withY.a, withY.b]).toEqual(pair(kept.user.id, y.user.id));
    // Cart lines added up per product; the kept account's own preferences stay.
    const cart = await sql<{ variant_id: string; quantity: number }[]>(
      `select variant_id, quantity from product_cart_item where owner_id = ?`,
      [kept.user.id],
    );
    expect(Object.fromEntries(cart.map((c) => [c.variant_id, c.quantity]))).toEqual({ [variantV.id]: 5, [variantW.id]: 1 });
    expect(await sql(`select email_types from notification_preferences where user_id = ?`, [kept.user.id])).toEqual([
      { email_types: ['booking'] },
    ]);
    expect(await count(`calendar_feed where user_id = ?`, [kept.user.id])).toBe(0);
    expect(await count(`waiver_reminder where person_id = ?`, [kept.user.id])).toBe(2);
    expect(await count(`instructor_apparatus where instructor_id = ?`, [kept.user.id])).toBe(2);
    expect(await count(`family_invite where invited_by_id = ?`, [kept.user.id])).toBe(1);
  });

  it('keeps both paid bookings of one class as one and refunds the other', async () => {
    const kept = await makeUser(t);
    const dup = await makeUser(t);
    const shared = await makeClass(t, { priceCents: 2500 });
    const paid = { classInstance: shared, paymentStatus: PaymentStatus.paid, priceCents: 2500 };
    const keptBooking = await buildBooking(t, { ...paid, attendee: kept.user });
    const dupBooking = await buildBooking(t, { ...paid, attendee: dup.user });
    expect((await merge(kept.user.id, dup.user.id)).errors).toBeUndefined();
    const e = em(t);
    expect((await e.findOneOrFail(Booking, { id: keptBooking.id })).status).toBe(BookingStatus.confirmed);
    expect((await e.findOneOrFail(Booking, { id: dupBooking.id })).status).toBe(BookingStatus.cancelled);
    // Its payment goes back: the cancellation is announced with a refund due (payments refunds it after commit).
    const announced = await e
      .getConnection()
      .execute<{ payload: { refundDue: boolean; by: string } }[]>(
        `select payload from domain_event where name = 'booking.cancelled' and payload->>'bookingId' = ?`,
        [dupBooking.id],
      );
    expect(announced.map((a) => [a.payload.refundDue, a.payload.by])).toEqual([[true, 'staff']]);
    expect((await e.findOneOrFail(User, { id: kept.user.id })).bookingCount).toBe(1);
  });

  it('waits while both accounts have a checkout waiting for payment', async () => {
    const kept = await makeUser(t);
    const dup = await makeUser(t);
    for (const owner of [kept.user.id, dup.user.id])
      await em(t)
        .getConnection()
        .execute(
          `insert into checkout_session (id, owner_id, provider, provider_session_id, url, cart_key, lines, amount_cents, expires_at)
           values (?, ?, 'test', ?, 'http://localhost/pay', 'k', '[]', 1000, now() + interval '30 minutes')`,
          [randomUUID(), owner, randomUUID()],
        );
    expect(refusal(await merge(kept.user.id, dup.user.id))).toEqual([
      'BAD_USER_INPUT',
      'Both accounts have a checkout waiting for payment: merge them once it is paid or has expired.',
    ]);
    // Nothing changed: the merge rolled back whole.
    expect((await em(t).findOneOrFail(User, { id: dup.user.id })).isActive).toBe(true);
    expect(await em(t).count(MemberMerge, { merged: dup.user.id })).toBe(0);
  });

  it('refuses merges that make no sense, with clear messages', async () => {
    const a = await makeUser(t);
    const b = await makeUser(t);
    expect(refusal(await merge(a.user.id, a.user.id))).toEqual(['BAD_USER_INPUT', 'An account cannot be merged with itself.']);
    expect(refusal(await merge(a.user.id, admin.user.id))).toEqual([
      'BAD_USER_INPUT',
      'You cannot merge away the account you are signed in with.',
    ]);
    const otherAdmin = await makeUser(t, { role: Role.admin });
    expect(refusal(await merge(a.user.id, otherAdmin.user.id))).toEqual([
      'BAD_USER_INPUT',
      "An admin's account cannot be merged into a member's.",
    ]);
    const parent = await makeUser(t, { role: Role.parent });
    const kid = await makeFamilyMember(t, parent.user, 7);
    expect(refusal(await merge(a.user.id, kid.id))).toEqual([
      'BAD_USER_INPUT',
      "A family member can only be merged with another of the same parent's family members.",
    ]);
    expect(refusal(await merge(parent.user.id, kid.id))).toEqual([
      'BAD_USER_INPUT',
      'A parent and their own child are two people: they cannot be merged.',
    ]);
    expect(refusal(await merge(kid.id, a.user.id))).toEqual([
      'BAD_USER_INPUT',
      'An account with a sign-in cannot be merged into a family member without one.',
    ]);

    expect((await merge(a.user.id, b.user.id)).errors).toBeUndefined();
    expect(refusal(await merge(a.user.id, b.user.id))).toEqual(['BAD_USER_INPUT', 'That account was already merged into another one.']);
    const c = await makeUser(t);
    expect(refusal(await merge(b.user.id, c.user.id))).toEqual([
      'BAD_USER_INPUT',
      'The account to keep was merged into another one: keep that one instead.',
    ]);
    expect((await merge(a.user.id, '00000000-0000-4000-8000-000000000000')).errors?.[0].extensions?.code).toBe('NOT_FOUND');
  });

  it("merges two records of one parent's child, the kept one keeping its place", async () => {
    const parent = await makeUser(t, { role: Role.parent });
    const kid = await makeFamilyMember(t, parent.user, 9, 'Ana');
    const twin = await makeFamilyMember(t, parent.user, 9, 'Ana');
    await buildBooking(t, { attendee: twin, bookedBy: parent.user });
    const res = await merge(kid.id, twin.id);
    expect(res.errors).toBeUndefined();
    expect(res.data!.mergeMembers.moved).toEqual([{ table: 'booking', rows: 1 }]);
    expect(await em(t).count(Booking, { attendee: kid.id })).toBe(1);
  });
});
