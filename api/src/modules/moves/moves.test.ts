import { randomBytes } from 'node:crypto';
import { startTestApp, type TestApp } from '../../../test/app.js';
import { makeClass } from '../../../test/classes.js';
import { buildMove, buildMoveLevel, em, makeFamilyMember, makeUser, Role } from '../../../test/factories.js';
import { statementCounter } from '../../../test/statements.js';
import { collect, wsClient } from '../../../test/ws.js';
import { Booking, BookingStatus } from '../bookings/booking.entity.js';
import { WaitlistEntry, WaitlistStatus } from '../bookings/waitlist-entry.entity.js';
import { Apparatus } from '../classes/apparatus.entity.js';
import { Notification } from '../notifications/notification.entity.js';
import { MoveAttempt, MoveChangeKind, MoveHistoryEntry, MoveProgress, MoveSide, MoveState } from './move-progress.entity.js';
import { MOVE_STATE_QUOTA, SIGN_OFF_REQUEST_QUOTA } from './move-progress.service.js';
import { Move } from './move.entity.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const code = (res: { errors?: { extensions?: Record<string, any> }[] }) => res.errors?.[0].extensions?.code;
const member = (opts: Parameters<typeof makeUser>[1] = {}) => makeUser(t, { signed: true, ...opts });
const opId = () => `op-${randomBytes(6).toString('hex')}`;

/** An apparatus of its own, so levels computed in one test never see another test's moves. */
async function apparatus(): Promise<Apparatus> {
  const e = em(t);
  const a = new Apparatus(`Rig ${randomBytes(4).toString('hex')}`, 50);
  await e.persistAndFlush(a);
  return a;
}

const MOVES = `query($s: ID) { studentMoves(studentId: $s) { studentId apparatus { apparatus { id } progress { at signedOff level } level nextLevel { number name required signedOff }
  moves { move { id name } state refresh cleanDays sides { side state daysCleared } signOffRequested } learnNext }
  history { moveName kind side fromState toState note byName } } }`;
const SET = `mutation($i: MoveStateInput!) { setMoveState(input: $i) { entry { id kind fromState toState } move { state sides { side state } } } }`;
const ATTEMPT = `mutation($i: MoveAttemptInput!) { recordMoveAttempt(input: $i) { entry { id } move { state sides { side state daysCleared } } } }`;
const BOOK = `mutation($c: ID!, $a: ID!) { bookClass(classInstanceId: $c, attendeeId: $a) { booking { id status } } }`;
const JOIN = `mutation($c: ID!, $a: ID!) { joinWaitlist(classInstanceId: $c, attendeeId: $a) { id } }`;
const REQUIRE = `mutation($i: ClassRequirementInput!) { setClassMoveRequirement(input: $i) { level moveIds } }`;
const CHECK = `query($c: ID!, $a: ID) { classRequirementCheck(classInstanceId: $c, attendeeId: $a) { requirement met missingMoves overridden } }`;

const set = (token: string, input: Record<string, unknown>) => t.gql(SET, { i: input }, { token });
const movesOf = async (token: string, studentId?: string) => (await t.gql(MOVES, { s: studentId }, { token })).data?.studentMoves;
const on = (moves: any, apparatusId: string) => moves.apparatus.find((a: any) => a.apparatus.id === apparatusId);

describe('a student’s moves', () => {
  it('needs a signed-in user', async () => {
    expect(code(await t.gql(MOVES, {}))).toBe('UNAUTHENTICATED');
  });

  it('goes from learning to solid by the student, is signed off by an instructor, and keeps every change', async () => {
    const a = await apparatus();
    const move = await buildMove(t, { apparatus: a, name: 'Man in the Moon' });
    const other = await buildMove(t, { apparatus: a, name: 'Star' });
    await buildMoveLevel(t, { apparatus: a, number: 1, name: 'Lyra 1', requiredMoveIds: [move.id, other.id] });
    const student = await member();
    const instructor = await makeUser(t, { role: Role.instructor });

    expect((await set(student.token, { studentId: student.user.id, moveId: move.id, state: 'learning' })).data?.setMoveState).toMatchObject(
      {
        entry: { kind: 'state', fromState: 'not_started', toState: 'learning' },
        move: { state: 'learning' },
      },
    );
    expect((await set(student.token, { studentId: student.user.id, moveId: move.id, state: 'solid' })).data?.setMoveState.move.state).toBe(
      'solid',
    );
    const self = await set(student.token, { studentId: student.user.id, moveId: move.id, state: 'signed_off' });
    expect(self.errors?.[0]).toMatchObject({
      message: 'Only an instructor signs a move off or takes a sign-off back.',
      extensions: { code: 'FORBIDDEN' },
    });

    const signed = await set(instructor.token, { studentId: student.user.id, moveId: move.id, state: 'signed_off' });
    expect(signed.data?.setMoveState.move.state).toBe('signed_off');
    const mine = await movesOf(student.token);
    expect(on(mine, a.id)).toMatchObject({
      level: 0,
      nextLevel: { number: 1, name: 'Lyra 1', required: 2, signedOff: 1 },
      learnNext: [other.id],
    });
    expect(mine.history.map((h: any) => [h.moveName, h.fromState, h.toState])).toEqual([
      ['Man in the Moon', 'solid', 'signed_off'],
      ['Man in the Moon', 'learning', 'solid'],
      ['Man in the Moon', 'not_started', 'learning'],
    ]);
    const notices = await em(t).find(Notification, { user: student.user.id, title: 'Man in the Moon signed off' });
    expect(notices).toHaveLength(1);

    // Taking it back needs a reason; the level comes with the second move.
    expect(code(await set(instructor.token, { studentId: student.user.id, moveId: move.id, state: 'solid' }))).toBe('BAD_USER_INPUT');
    await set(instructor.token, { studentId: student.user.id, moveId: other.id, state: 'signed_off' });
    expect(on(await movesOf(student.token), a.id)).toMatchObject({ level: 1, nextLevel: null });
  });

  it('refuses another family’s moves and lets a parent follow (read only) their child’s', async () => {
    const a = await apparatus();
    const move = await buildMove(t, { apparatus: a });
    const parent = await member({ role: Role.parent });
    const child = await makeFamilyMember(t, parent.user, 10);
    const stranger = await member();
    const other = await member();

    expect((await movesOf(parent.token, child.id)).studentId).toBe(child.id);
    const refused = await t.gql(MOVES, { s: child.id }, { token: stranger.token });
    expect(refused.errors?.[0]).toMatchObject({ extensions: { code: 'FORBIDDEN' } });
    expect(code(await set(stranger.token, { studentId: other.user.id, moveId: move.id, state: 'learning' }))).toBe('FORBIDDEN');
    const parentSets = await set(parent.token, { studentId: child.id, moveId: move.id, state: 'learning' });
    expect(parentSets.errors?.[0].message).toBe("Parents follow their children's moves; only the student and staff change them.");

    // The studio may let parents mark "learning".
    const admin = await makeUser(t, { role: Role.admin });
    await t.gql(
      `mutation { updateMoveSettings(input: { parentsMayMarkLearning: true }) { parentsMayMarkLearning } }`,
      {},
      { token: admin.token },
    );
    try {
      expect((await set(parent.token, { studentId: child.id, moveId: move.id, state: 'learning' })).data?.setMoveState.move.state).toBe(
        'learning',
      );
      expect(code(await set(parent.token, { studentId: child.id, moveId: move.id, state: 'solid' }))).toBe('FORBIDDEN');
    } finally {
      await t.gql(
        `mutation { updateMoveSettings(input: { parentsMayMarkLearning: false }) { parentsMayMarkLearning } }`,
        {},
        { token: admin.token },
      );
    }
  });

  it('applies a tap sent twice (the same operation id) once', async () => {
    const move = await buildMove(t, { apparatus: await apparatus() });
    const student = await member();
    const instructor = await makeUser(t, { role: Role.instructor });
    const input = { studentId: student.user.id, moveId: move.id, state: 'learning', operationId: opId() };
    expect((await set(instructor.token, input)).data?.setMoveState.entry).not.toBeNull();
    const again = await set(instructor.token, input);
    expect(again.data?.setMoveState).toEqual({ entry: null, move: { state: 'learning', sides: [{ side: 'both', state: 'learning' }] } });
    expect(await em(t).count(MoveHistoryEntry, { student: student.user.id })).toBe(1);
  });

  it('signs a move off by its clearance rule: 2 days are not 3, the same day twice counts once, per side', async () => {
    const a = await apparatus();
    const move = await buildMove(t, { apparatus: a, hasSides: true, name: 'Gazelle Rollup' });
    await buildMoveLevel(t, { apparatus: a, number: 1, requiredMoveIds: [move.id], cleanReps: 2, cleanDays: 3 });
    const student = await member();
    const instructor = await makeUser(t, { role: Role.instructor });
    const e = em(t);
    for (const day of ['2026-10-01', '2026-10-08', '2026-10-08'])
      for (const side of [MoveSide.left, MoveSide.right])
        e.create(MoveAttempt, { student: student.user.id, move: move.id, side, cleanReps: 2, day, recordedBy: instructor.user.id });
    await e.flush();

    const early = await set(instructor.token, { studentId: student.user.id, moveId: move.id, state: 'signed_off' });
    expect(early.errors?.[0]).toMatchObject({ extensions: { code: 'CONFLICT' } });
    expect(early.errors?.[0].message).toContain('2 of 3 days so far on the left side');

    const left = await t.gql(
      ATTEMPT,
      { i: { studentId: student.user.id, moveId: move.id, side: 'left', cleanReps: 2 } },
      { token: instructor.token },
    );
    expect(left.data?.recordMoveAttempt.move).toMatchObject({
      state: 'not_started',
      sides: [
        { side: 'left', daysCleared: 3 },
        { side: 'right', daysCleared: 2 },
      ],
    });
    const right = await t.gql(
      ATTEMPT,
      { i: { studentId: student.user.id, moveId: move.id, side: 'right', cleanReps: 2 } },
      { token: instructor.token },
    );
    expect(right.data?.recordMoveAttempt.move.state).toBe('signed_off');
    expect(on(await movesOf(student.token), a.id).level).toBe(1);
    expect(code(await t.gql(ATTEMPT, { i: { studentId: student.user.id, moveId: move.id, cleanReps: 2 } }, { token: student.token }))).toBe(
      'FORBIDDEN',
    );
    expect(
      code(await t.gql(ATTEMPT, { i: { studentId: student.user.id, moveId: move.id, cleanReps: 0 } }, { token: instructor.token })),
    ).toBe('BAD_USER_INPUT');
  });

  it('shows a signed-off move as refresh after the set days without attending its apparatus', async () => {
    const move = await buildMove(t, { apparatus: await apparatus() });
    const student = await member();
    const instructor = await makeUser(t, { role: Role.instructor });
    await set(instructor.token, { studentId: student.user.id, moveId: move.id, state: 'signed_off' });
    const mine = async () => (await movesOf(student.token)).apparatus.flatMap((a: any) => a.moves).find((m: any) => m.move.id === move.id);
    expect((await mine()).refresh).toBe(false);
    await em(t).nativeUpdate(
      MoveProgress,
      { student: student.user.id, move: move.id },
      { signedOffAt: new Date(Date.now() - 121 * 24 * 3600_000) },
    );
    expect((await mine()).refresh).toBe(true);
  });

  it('keeps the history as it happened when the move is renamed and its level redefined', async () => {
    const a = await apparatus();
    const move = await buildMove(t, { apparatus: a, name: 'Jasmine' });
    const level = await buildMoveLevel(t, { apparatus: a, number: 1, requiredMoveIds: [move.id] });
    const student = await member();
    const instructor = await makeUser(t, { role: Role.instructor });
    await set(instructor.token, { studentId: student.user.id, moveId: move.id, state: 'signed_off' });
    expect(on(await movesOf(student.token), a.id).level).toBe(1);
    const e = em(t);
    await e.nativeUpdate(Move, { id: move.id }, { name: 'Anchor' });
    const extra = await buildMove(t, { apparatus: a, name: 'New requirement' });
    await e.getConnection().execute(`update move_level set required_move_ids = ? where id = ?`, [`{${move.id},${extra.id}}`, level.id]);
    const mine = await movesOf(student.token);
    expect(mine.history[0]).toMatchObject({ moveName: 'Jasmine', toState: 'signed_off' });
    expect(on(mine, a.id)).toMatchObject({ level: 0, nextLevel: { required: 2, signedOff: 1 } });
  });

  it('charts the moves signed off and the level reached at each sign-off, oldest first', async () => {
    const a = await apparatus();
    const [m1, m2, m3] = [
      await buildMove(t, { apparatus: a }),
      await buildMove(t, { apparatus: a }),
      await buildMove(t, { apparatus: a, level: 2 }),
    ];
    await buildMoveLevel(t, { apparatus: a, number: 1, requiredMoveIds: [m1.id, m2.id] });
    await buildMoveLevel(t, { apparatus: a, number: 2, requiredMoveIds: [m3.id] });
    const student = await member();
    const instructor = await makeUser(t, { role: Role.instructor });
    const daysAgo = (n: number) => new Date(Date.now() - n * 86_400_000);
    // Signed off in the order m3, m1, m2 but dated m1 (30 days ago), m3 (20), m2 (10): level 2 waits for level 1.
    for (const [move, days] of [
      [m3, 20],
      [m1, 30],
      [m2, 10],
    ] as const) {
      await set(instructor.token, { studentId: student.user.id, moveId: move.id, state: 'signed_off' });
      await em(t).nativeUpdate(MoveProgress, { student: student.user.id, move: move.id }, { signedOffAt: daysAgo(days) });
    }
    const res = await t.gql(
      `query { studentMoves { apparatus { apparatus { id } progress { at signedOff level } } } }`,
      {},
      { token: student.token },
    );
    const progress = on(res.data?.studentMoves, a.id).progress;
    expect(progress.map((p: any) => [p.signedOff, p.level])).toEqual([
      [1, 0],
      [2, 0],
      [3, 2],
    ]);
    expect(progress.map((p: any) => Math.round((Date.now() - Date.parse(p.at)) / 86_400_000))).toEqual([30, 20, 10]);
  });

  it('reads My Moves for a student with 300 moves in at most 3 statements', async () => {
    const a = await apparatus();
    const e = em(t);
    const student = await member();
    for (let i = 0; i < 300; i++) e.create(Move, { apparatus: a.id, name: `Bulk ${i}`, level: 1 + (i % 4) });
    await e.flush();
    const counter = statementCounter(t);
    try {
      const mine = await movesOf(student.token);
      expect(on(mine, a.id).moves).toHaveLength(300);
      expect(counter.sql()).toHaveLength(2);
    } finally {
      counter.stop();
    }
  });

  it('reaches the student’s open /moves page live when an instructor signs a move off', async () => {
    const move = await buildMove(t, { apparatus: await apparatus() });
    const student = await member();
    const instructor = await makeUser(t, { role: Role.instructor });
    const client = wsClient(t.url, student.token);
    try {
      const live = collect(client, `subscription { studentMovesChanged { studentId apparatus { moves { move { id } state } } } }`);
      await live.next(); // the current state first
      await set(instructor.token, { studentId: student.user.id, moveId: move.id, state: 'signed_off' });
      const changed = await live.next();
      const states = changed.data.studentMovesChanged.apparatus.flatMap((a: any) => a.moves).filter((m: any) => m.move.id === move.id);
      expect(states).toEqual([{ move: { id: move.id }, state: 'signed_off' }]);
      live.stop();
    } finally {
      await client.dispose();
    }
  });
});

describe('booking gated on moves', () => {
  async function gatedClass(opts: { capacity?: number } = {}) {
    const a = await apparatus();
    const m1 = await buildMove(t, { apparatus: a, name: 'Hip Key' });
    const m2 = await buildMove(t, { apparatus: a, name: 'Birds Nest' });
    await buildMoveLevel(t, { apparatus: a, number: 1, name: 'Trapeze 1', requiredMoveIds: [m1.id, m2.id] });
    const c = await makeClass(t, { capacity: opts.capacity ?? 10, level: 2 });
    const admin = await makeUser(t, { role: Role.admin });
    const set = await t.gql(REQUIRE, { i: { classTypeId: c.blueprint.id, apparatusId: a.id, level: 1 } }, { token: admin.token });
    expect(set.data?.setClassMoveRequirement).toEqual({ level: 1, moveIds: [] });
    return { a, m1, m2, c, admin };
  }

  it('marks the class on the schedule as gated, and says what a member lacks before they book', async () => {
    const { c } = await gatedClass();
    const student = await member();
    const week = await t.gql(`query($d: String!) { classSchedule(from: $d, to: $d) { id blueprint { bookingGated } } }`, { d: c.date }, {});
    expect(week.data?.classSchedule.find((x: any) => x.id === c.id).blueprint.bookingGated).toBe(true);
    const check = await t.gql(CHECK, { c: c.id }, { token: student.token });
    expect(check.data?.classRequirementCheck).toEqual({
      requirement: 'Trapeze 1',
      met: false,
      missingMoves: ['Hip Key', 'Birds Nest'],
      overridden: false,
    });
  });

  it('refuses a member who lacks the moves, naming them, and books them once they are signed off', async () => {
    const { m1, m2, c } = await gatedClass();
    const student = await member({ firstName: 'Ana', lastName: 'Lopes' });
    const instructor = await makeUser(t, { role: Role.instructor });
    expect((await t.gql(CHECK, { c: c.id }, { token: student.token })).data?.classRequirementCheck).toEqual({
      requirement: 'Trapeze 1',
      met: false,
      missingMoves: ['Hip Key', 'Birds Nest'],
      overridden: false,
    });
    const refused = await t.gql(BOOK, { c: c.id, a: student.user.id }, { token: student.token });
    expect(refused.errors?.[0]).toMatchObject({
      message: `${c.blueprint.name} requires Trapeze 1: Ana Lopes has not had Hip Key, Birds Nest signed off yet. Ask an instructor about a sign-off or an override.`,
      extensions: { code: 'FORBIDDEN', reason: 'MOVES_REQUIRED' },
    });
    for (const m of [m1, m2]) await set(instructor.token, { studentId: student.user.id, moveId: m.id, state: 'signed_off' });
    expect((await t.gql(BOOK, { c: c.id, a: student.user.id }, { token: student.token })).data?.bookClass.booking.status).toBe('confirmed');
  });

  it('refuses a parent booking for a child who lacks them, and the front desk too', async () => {
    const { c } = await gatedClass();
    const parent = await member({ role: Role.parent });
    const child = await makeFamilyMember(t, parent.user, 10, 'Mia');
    await t.app.services.waivers.sign(em(t), parent.user, [child.id], { ip: null, userAgent: 'test' });
    const refused = await t.gql(BOOK, { c: c.id, a: child.id }, { token: parent.token });
    expect(refused.errors?.[0].extensions).toMatchObject({ code: 'FORBIDDEN', reason: 'MOVES_REQUIRED' });
    expect(refused.errors?.[0].message).toContain('Mia');

    const desk = await makeUser(t, { role: Role.admin });
    const staff = await t.gql(
      `mutation($c: ID!, $a: ID!) { staffBookAttendee(classInstanceId: $c, attendeeId: $a) { id } }`,
      { c: c.id, a: child.id },
      { token: desk.token },
    );
    expect(staff.errors?.[0].extensions).toMatchObject({ code: 'FORBIDDEN', reason: 'MOVES_REQUIRED' });
    // The POS books a drop-in as staff with the attendee's entitlement.
    await expect(
      t.app.services.bookings.book(
        em(t),
        desk.user,
        { classInstanceId: c.id, attendeeId: child.id },
        { kind: 'staff', walkIn: false, overCapacity: false, entitlement: true },
      ),
    ).rejects.toMatchObject({ extensions: { reason: 'MOVES_REQUIRED' } });
  });

  it('lets staff override for one class or until a date, with the reason kept, and an admin placement counts', async () => {
    const { a, c } = await gatedClass();
    const other = await makeClass(t, { level: 2, startsInMinutes: 3 * 24 * 60 });
    const requirement = { classTypeId: other.blueprint.id, apparatusId: a.id, level: 1 };
    const admin = await makeUser(t, { role: Role.admin });
    await t.gql(REQUIRE, { i: requirement }, { token: admin.token });
    const student = await member();
    const instructor = await makeUser(t, { role: Role.instructor });
    const OVERRIDE = `mutation($a: ID!, $c: ID, $u: String, $r: String!) { grantMoveOverride(attendeeId: $a, classInstanceId: $c, until: $u, reason: $r) { id reason classInstanceId until } }`;
    expect(code(await t.gql(OVERRIDE, { a: student.user.id, c: c.id, r: 'Trained at another studio' }, { token: student.token }))).toBe(
      'FORBIDDEN',
    );
    expect(code(await t.gql(OVERRIDE, { a: student.user.id, r: 'No scope' }, { token: instructor.token }))).toBe('BAD_USER_INPUT');
    expect(code(await t.gql(OVERRIDE, { a: student.user.id, c: c.id, r: ' ' }, { token: instructor.token }))).toBe('BAD_USER_INPUT');
    const granted = await t.gql(OVERRIDE, { a: student.user.id, c: c.id, r: 'Trained at another studio' }, { token: instructor.token });
    expect(granted.data?.grantMoveOverride).toMatchObject({ reason: 'Trained at another studio', classInstanceId: c.id, until: null });
    expect((await t.gql(BOOK, { c: c.id, a: student.user.id }, { token: student.token })).data?.bookClass.booking.status).toBe('confirmed');
    expect(code(await t.gql(BOOK, { c: other.id, a: student.user.id }, { token: student.token }))).toBe('FORBIDDEN');

    const PLACE = `mutation($s: ID!, $a: ID!, $l: Int!, $r: String!) { placeAtLevel(studentId: $s, apparatusId: $a, level: $l, reason: $r) { level reason } }`;
    expect(code(await t.gql(PLACE, { s: student.user.id, a: a.id, l: 1, r: 'Level sheet' }, { token: instructor.token }))).toBe(
      'FORBIDDEN',
    );
    expect(
      (await t.gql(PLACE, { s: student.user.id, a: a.id, l: 1, r: 'Level sheet' }, { token: admin.token })).data?.placeAtLevel,
    ).toEqual({
      level: 1,
      reason: 'Level sheet',
    });
    expect((await t.gql(BOOK, { c: other.id, a: student.user.id }, { token: student.token })).data?.bookClass.booking.status).toBe(
      'confirmed',
    );
    expect((await movesOf(student.token)).history[0]).toMatchObject({ kind: 'placement', note: 'Level sheet' });
  });

  it('gates the waitlist: joining, and the offer of a freed spot passes over who lacks the moves', async () => {
    const { c } = await gatedClass({ capacity: 1 });
    const holder = await member();
    const e = em(t);
    e.create(Booking, {
      classInstance: c.id,
      attendee: holder.user.id,
      bookedBy: holder.user.id,
      status: BookingStatus.confirmed,
      source: 'member',
      paymentStatus: 'free',
      priceCents: 0,
    } as never);
    await e.nativeUpdate('ClassInstance', { id: c.id }, { spotsTaken: 1 });
    await e.flush();
    const student = await member();
    const join = await t.gql(JOIN, { c: c.id, a: student.user.id }, { token: student.token });
    expect(join.errors?.[0].extensions).toMatchObject({ code: 'FORBIDDEN', reason: 'MOVES_REQUIRED' });

    // Someone already waiting (joined before the requirement) is not offered the spot, keeps their place, and is told.
    const entry = e.create(WaitlistEntry, { classInstance: c.id, attendee: student.user.id, requestedBy: student.user.id });
    await e.flush();
    await e.transactional((tx) => t.app.services.bookings.promote(tx, c.id).then(() => undefined));
    await e.nativeUpdate('ClassInstance', { id: c.id }, { spotsTaken: 0 });
    await e.transactional((tx) => t.app.services.bookings.promote(tx, c.id).then(() => undefined));
    expect((await em(t).findOneOrFail(WaitlistEntry, { id: entry.id })).status).toBe(WaitlistStatus.waiting);
    expect(await em(t).count(Notification, { user: student.user.id, title: 'A spot opened up, but could not be offered' })).toBe(1);
  });

  it('answers bad input on the new operations with 4xx', async () => {
    const admin = await makeUser(t, { role: Role.admin });
    const bad = [
      [REQUIRE, { i: { classTypeId: 'not-a-uuid', level: 1 } }],
      [REQUIRE, { i: { classTypeId: (await makeClass(t)).blueprint.id, level: 99 } }],
      [SET, { i: { studentId: admin.user.id, moveId: admin.user.id, state: 'learning', operationId: 'x' } }],
      [`mutation { importMoves(csv: "") { created } }`, {}],
    ] as const;
    for (const [query, variables] of bad)
      expect(code(await t.gql(query, variables as Record<string, unknown>, { token: admin.token }))).toBe('BAD_USER_INPUT');
    expect(code(await set(admin.token, { studentId: admin.user.id, moveId: admin.user.id, state: 'learning' }))).toBe('NOT_FOUND');
  });
});

describe('flood limits', () => {
  const REQUEST = `mutation($s: ID!, $m: ID!) { requestMoveSignOff(studentId: $s, moveId: $m, note: "") { move { signOffRequested } } }`;

  it('throttles a burst of state changes from one person with RATE_LIMITED, and not another person', async () => {
    const move = await buildMove(t, { apparatus: await apparatus() });
    const student = await member();
    const other = await member();
    const input = { studentId: student.user.id, moveId: move.id, state: 'learning' };
    // The first change alone (it creates the progress row), then the rest ten at a time.
    const answers = [await set(student.token, { ...input, operationId: opId() })];
    for (let i = 1; i < MOVE_STATE_QUOTA.points + 3; i += 10)
      answers.push(
        ...(await Promise.all(
          Array.from({ length: Math.min(10, MOVE_STATE_QUOTA.points + 3 - i) }, () =>
            set(student.token, { ...input, operationId: opId() }),
          ),
        )),
      );
    expect(answers.filter((r) => r.data?.setMoveState)).toHaveLength(MOVE_STATE_QUOTA.points);
    const refused = answers.filter((r) => r.errors?.length);
    expect(refused).toHaveLength(3);
    for (const r of refused) {
      expect(r.errors?.[0].extensions).toMatchObject({ code: 'RATE_LIMITED' });
      expect(r.errors?.[0].message).toMatch(/^Too many move changes in a short time\. Please wait \d+ seconds?/);
      expect(r.errors?.[0].extensions?.retryAfterSeconds).toBeGreaterThan(0);
      expect(r.errors?.[0].extensions?.retryAfterSeconds).toBeLessThanOrEqual(MOVE_STATE_QUOTA.windowSeconds);
    }
    const states = await t.gql(SET, { i: { studentId: other.user.id, moveId: move.id, state: 'learning' } }, { token: other.token });
    expect(states.data?.setMoveState.move.state).toBe('learning');
  });

  it('throttles sign-off requests from one person', async () => {
    const a = await apparatus();
    const moves = [];
    for (let i = 0; i <= SIGN_OFF_REQUEST_QUOTA.points; i++) moves.push(await buildMove(t, { apparatus: a }));
    const student = await member();
    const answers = [];
    for (const move of moves) answers.push(await t.gql(REQUEST, { s: student.user.id, m: move.id }, { token: student.token }));
    expect(answers.slice(0, -1).map((r) => r.data?.requestMoveSignOff.move.signOffRequested)).toEqual(
      Array(SIGN_OFF_REQUEST_QUOTA.points).fill(true),
    );
    expect(answers.at(-1)?.errors?.[0].extensions).toMatchObject({ code: 'RATE_LIMITED' });
    expect(await em(t).count(MoveHistoryEntry, { student: student.user.id, kind: MoveChangeKind.sign_off_request })).toBe(
      SIGN_OFF_REQUEST_QUOTA.points,
    );
  });
});

describe('the catalogue', () => {
  it('imports moves from CSV with a dry run first, and lists them searchable by alias', async () => {
    const admin = await makeUser(t, { role: Role.admin });
    const a = await apparatus();
    const csv = `apparatus,move,level,aliases\n${a.name},Jasmine,1,Anchor\n${a.name},Hip Hang,2,\nNowhere,Ghost,1,\n${a.name},Bad level,11,\n`;
    const IMPORT = `mutation($csv: String!, $d: Boolean!) { importMoves(csv: $csv, dryRun: $d) { dryRun created updated unchanged problems { line message } } }`;
    const dry = await t.gql(IMPORT, { csv, d: true }, { token: admin.token });
    expect(dry.data?.importMoves).toEqual({
      dryRun: true,
      created: 2,
      updated: 0,
      unchanged: 0,
      problems: [
        { line: 4, message: 'No apparatus called "Nowhere".' },
        { line: 5, message: 'Level: Between 1 and 10.' },
      ],
    });
    expect(await em(t).count(Move, { apparatus: a.id })).toBe(0);
    expect((await t.gql(IMPORT, { csv, d: false }, { token: admin.token })).data?.importMoves.created).toBe(2);
    expect((await t.gql(IMPORT, { csv, d: false }, { token: admin.token })).data?.importMoves).toMatchObject({ created: 0, unchanged: 2 });

    const LIST = `query($s: String, $a: ID) { adminMoves(search: $s, apparatusId: $a) { total items { name aliases level } } }`;
    expect((await t.gql(LIST, { s: 'anch', a: a.id }, { token: admin.token })).data?.adminMoves).toEqual({
      total: 1,
      items: [{ name: 'Jasmine', aliases: ['Anchor'], level: 1 }],
    });
    const student = await member();
    expect(code(await t.gql(LIST, { a: a.id }, { token: student.token }))).toBe('FORBIDDEN');
  });

  it('imports students’ level sheets as placements and sign-offs kept in their history', async () => {
    const admin = await makeUser(t, { role: Role.admin, firstName: 'Ada', lastName: 'Admin' });
    const a = await apparatus();
    const move = await buildMove(t, { apparatus: a, name: 'Crochet Legs', aliases: ['Crochet'] });
    const student = await member();
    const csv = `username,apparatus,level,signed_off\n${student.username},${a.name},1,Crochet\nnobody,${a.name},1,\n`;
    const IMPORT = `mutation($csv: String!, $d: Boolean!) { importMovePlacements(csv: $csv, dryRun: $d) { created updated problems { line message } } }`;
    expect((await t.gql(IMPORT, { csv, d: true }, { token: admin.token })).data?.importMovePlacements).toEqual({
      created: 1,
      updated: 1,
      problems: [{ line: 3, message: 'No member with username or email "nobody".' }],
    });
    expect(await em(t).count(MoveProgress, { student: student.user.id })).toBe(0);
    await t.gql(IMPORT, { csv, d: false }, { token: admin.token });
    const row = await em(t).findOneOrFail(MoveProgress, { student: student.user.id, move: move.id });
    expect(row.state).toBe(MoveState.signed_off);
    const mine = await movesOf(student.token);
    expect(mine.history.map((h: any) => [h.kind, h.byName])).toEqual([
      ['placement', 'Ada Admin'],
      ['placement', 'Ada Admin'],
    ]);
    expect(on(mine, a.id).level).toBe(1);
  });
});
