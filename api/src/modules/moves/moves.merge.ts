import type { EntityManager } from '@mikro-orm/postgresql';
import { repoint, run, type MergedPair } from '../../common/repoint.js';
import { MOVE_STATES } from './move-progress.entity.js';

const RANK = `array_position(array[${MOVE_STATES.map((s) => `'${s}'`).join(', ')}]::text[], {state}::text)`;

/**
 * member.merged: the duplicate's moves are the kept account's. Where both have progress on one move and side, the
 * further one stays (the kept account's on a tie); attempts, history, placements, overrides, sign-off requests and levels
 * reached all move (history is append-only, so both accounts' entries stay).
 */
export async function mergeMoves(tx: EntityManager, pair: MergedPair): Promise<void> {
  const { keptId, mergedId } = pair;
  await run(
    tx,
    `delete from move_progress x using move_progress y
      where x.move_id = y.move_id and x.side = y.side
        and ((x.student_id = ? and y.student_id = ?) or (x.student_id = ? and y.student_id = ?))
        and (${RANK.replace('{state}', 'x.state')} < ${RANK.replace('{state}', 'y.state')}
             or (${RANK.replace('{state}', 'x.state')} = ${RANK.replace('{state}', 'y.state')} and x.student_id = ?))`,
    [keptId, mergedId, mergedId, keptId, mergedId],
  );
  await repoint(tx, 'move_progress', ['student_id', 'signed_off_by_id'], pair);
  await repoint(tx, 'move_attempt', ['student_id', 'recorded_by_id'], pair);
  await repoint(tx, 'move_history_entry', ['student_id', 'by_id'], pair);
  await repoint(tx, 'level_placement', ['student_id', 'by_id'], pair);
  await repoint(tx, 'move_override', ['attendee_id', 'by_id'], pair);
  await repoint(tx, 'sign_off_request', ['student_id', 'closed_by_id'], pair);
  // Levels reached keep their dates: the time to each level is still the person's.
  await repoint(tx, 'level_achievement', ['student_id'], pair);
}
