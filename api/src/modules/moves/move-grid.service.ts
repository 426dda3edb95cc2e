import type { EntityManager } from '@mikro-orm/postgresql';
import { notFound } from '../../graphql/errors.js';
import { ClassInstance } from '../classes/class-instance.entity.js';
import { User } from '../users/user.entity.js';
import type { MoveStandings } from './move-standings.service.js';
import { assertMayCoachMoves } from './move.policy.js';
import type { ClassMoveGrid } from './move.types.js';

/** The staff grid of one class: its students × the moves of its level, with their open sign-off requests. */
export class MoveGrid {
  constructor(private readonly read: MoveStandings) {}

  /** A class's students (active bookings) × the moves of its level on its apparatus, with open requests. */
  async classGrid(em: EntityManager, actor: User, classInstanceId: string): Promise<ClassMoveGrid> {
    assertMayCoachMoves(actor);
    const instance = await em.findOne(ClassInstance, { id: classInstanceId }, { populate: ['blueprint.apparatus'] });
    if (!instance) throw notFound('That class');
    const attendees = await em.getConnection().execute<{ id: string; first_name: string; last_name: string }[]>(
      `select u.id, u.first_name, u.last_name from booking b join app_user u on u.id = b.attendee_id
        where b.class_instance_id = ? and b.status in ('held', 'confirmed') order by u.first_name, u.last_name`,
      [classInstanceId],
    );
    const { catalogue, progress } = await this.read.standings(
      em,
      attendees.map((a) => a.id),
    );
    const apparatusId = instance.blueprint.apparatus.id;
    const probe = this.read.standingOf(catalogue, undefined);
    const moves = probe.requiredFor(apparatusId, instance.blueprint.level);
    const requests = attendees.length
      ? await this.read.openRequests(
          em,
          actor,
          attendees.map((a) => a.id),
        )
      : [];
    return {
      classInstanceId,
      className: instance.blueprint.name,
      moves,
      students: attendees.map((a) => {
        const standing = this.read.standingOf(catalogue, progress.get(a.id));
        return { studentId: a.id, name: `${a.first_name} ${a.last_name}`, moves: moves.map((m) => standing.studentMove(m)) };
      }),
      requests,
    };
  }
}
