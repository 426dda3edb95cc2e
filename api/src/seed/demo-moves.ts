import type { EntityManager } from '@mikro-orm/postgresql';
import { fullName } from '@studio/rules';
import { Apparatus } from '../modules/classes/apparatus.entity.js';
import { ClassBlueprint } from '../modules/classes/class-blueprint.entity.js';
import { ClassMoveRequirement } from '../modules/moves/move-gate.entity.js';
import {
  MoveChangeKind,
  MoveHistoryEntry,
  MoveProgress,
  MoveSide,
  MoveState,
  SignOffRequest,
} from '../modules/moves/move-progress.entity.js';
import { Move, MoveLevel } from '../modules/moves/move.entity.js';
import { User } from '../modules/users/user.entity.js';
import type { Services } from '../services.js';
import { readMoves } from './moves-data.js';

const DAY = 24 * 3600_000;
/** Moves learned on each side. */
const SIDED = new Set(['Man in the Moon', 'Mermaid', 'Russian Climb', 'Fireman Spin', 'Knee Hang']);
/** Class types that require a level: an attendee needs the level below signed off. */
const GATED: { classType: string; apparatus: string; level: number }[] = [
  { classType: 'Trapeze Level 2', apparatus: 'Trapeze', level: 1 },
  { classType: 'Pole Level 4', apparatus: 'Pole', level: 3 },
];

/**
 * The moves catalogue from api/data/moves.csv (69 real moves) with a level per apparatus defined as its moves, two
 * class types that require a level, and realistic progress: the demo student has Lyra 1 signed off over the past
 * weeks, is learning Lyra 2 (with a sign-off asked for), has a move in refresh on an apparatus not attended for months and Silks
 * moves in progress; the parent's daughter is learning on the hammock. Idempotent.
 */
export async function seedDemoMoves(services: Services): Promise<void> {
  const em = services.orm.em.fork();
  await seedCatalogue(em);
  await seedProgress(em);
}

async function seedCatalogue(em: EntityManager): Promise<void> {
  if ((await em.count(Move, {})) > 0) return;
  const apparatus = await em.find(Apparatus, {});
  const byName = new Map(apparatus.map((a) => [a.name.toLowerCase(), a]));
  const moves: Move[] = [];
  for (const record of readMoves()) {
    const a = byName.get(record.apparatus);
    if (!a) continue;
    moves.push(em.create(Move, { apparatus: a, name: record.move, level: record.level, hasSides: SIDED.has(record.move) }));
  }
  for (const a of apparatus) {
    const levels = [...new Set(moves.filter((m) => m.apparatus === a).map((m) => m.level))].sort();
    for (const number of levels)
      em.create(MoveLevel, {
        apparatus: a,
        number,
        name: `${a.name} ${number}`,
        requiredMoveIds: moves.filter((m) => m.apparatus === a && m.level === number).map((m) => m.id),
      });
  }
  for (const gate of GATED) {
    const blueprint = await em.findOne(ClassBlueprint, { name: gate.classType });
    const a = byName.get(gate.apparatus.toLowerCase());
    if (blueprint && a && !(await em.count(ClassMoveRequirement, { blueprint: blueprint.id }))) {
      em.create(ClassMoveRequirement, { blueprint, apparatus: a, level: gate.level });
      blueprint.bookingGated = true;
    }
  }
  await em.flush();
}

async function seedProgress(em: EntityManager): Promise<void> {
  const student = await em.findOne(User, { username: 'student' });
  const instructor = await em.findOne(User, { username: 'instructor' });
  const parent = await em.findOne(User, { username: 'parent' });
  const mia = parent ? await em.findOne(User, { guardian: parent.id, firstName: 'Mia' }) : null;
  if (!student || !instructor || (await em.count(MoveProgress, { student: student.id })) > 0) return;
  const moves = await em.find(Move, {}, { populate: ['apparatus'] });
  const of = (apparatus: string, level: number) => moves.filter((m) => m.apparatus.name === apparatus && m.level === level);
  const now = Date.now();

  /** Steps a student's move through `states`, each `gapDays` apart, ending `endsDaysAgo` days ago. */
  const progress = (who: User, move: Move, states: MoveState[], endsDaysAgo: number, gapDays = 7) => {
    for (const side of move.hasSides ? [MoveSide.left, MoveSide.right] : [MoveSide.both]) {
      let from = MoveState.not_started;
      states.forEach((to, i) => {
        const at = new Date(now - (endsDaysAgo + (states.length - 1 - i) * gapDays) * DAY);
        const by = to === MoveState.signed_off ? instructor : who;
        em.create(MoveHistoryEntry, {
          student: who,
          move: move.id,
          moveName: move.name,
          apparatusName: move.apparatus.name,
          kind: MoveChangeKind.state,
          side,
          fromState: from,
          toState: to,
          by,
          byName: fullName(by),
          at,
        });
        from = to;
      });
      const last = states[states.length - 1];
      const at = new Date(now - endsDaysAgo * DAY);
      em.create(MoveProgress, {
        student: who,
        move,
        side,
        state: last,
        updatedAt: at,
        signedOffAt: last === MoveState.signed_off ? at : null,
        signedOffBy: last === MoveState.signed_off ? instructor : null,
      });
    }
  };
  const toSignOff = [MoveState.learning, MoveState.solid, MoveState.signed_off];
  of('Lyra', 1).forEach((m, i) => progress(student, m, toSignOff, 3 + i * 5));
  const [lyra2a, lyra2b] = of('Lyra', 2);
  if (lyra2a) progress(student, lyra2a, [MoveState.learning, MoveState.needs_spot, MoveState.solid], 2);
  if (lyra2b) progress(student, lyra2b, [MoveState.learning], 4);
  if (lyra2a) em.create(SignOffRequest, { student, move: lyra2a, note: 'Felt solid on both sides last week!' });
  // Signed off long ago on an apparatus the student has not attended since: refresh.
  const attended = await em.getConnection().execute<{ name: string }[]>(
    `select distinct a.name from booking b join class_instance ci on ci.id = b.class_instance_id
       join class_blueprint cb on cb.id = ci.blueprint_id join apparatus a on a.id = cb.apparatus_id
      where b.attendee_id = ? and b.status = 'confirmed' and ci.starts_at > now() - interval '150 days'`,
    [student.id],
  );
  const away = ['Trapeze', 'Straps', 'Hammock', 'Pole'].find((name) => !attended.some((a) => a.name === name) && of(name, 1).length);
  if (away) progress(student, of(away, 1)[0], toSignOff, 150, 14);
  of('Silks', 1)
    .slice(0, 3)
    .forEach((m, i) => progress(student, m, i === 0 ? toSignOff : [MoveState.learning, MoveState.needs_spot], 6 + i * 3));
  if (mia) of('Hammock', 1).forEach((m) => progress(mia, m, [MoveState.learning, MoveState.needs_spot], 5));
  await em.flush();
}
