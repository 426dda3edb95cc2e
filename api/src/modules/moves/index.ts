import { LevelAchievement } from './level-achievement.entity.js';
import { mergeMoves } from './moves.merge.js';
import { RequestQuota } from '../auth/login-limiter.js';
import { bookingsModule } from '../bookings/index.js';
import { classesModule } from '../classes/index.js';
import { defineModule } from '../module.js';
import { notificationsModule } from '../notifications/index.js';
import { usersModule } from '../users/index.js';
import { MoveAdmin } from './move-admin.service.js';
import { MoveImages } from './move-image.js';
import { moveRestRoutes } from './move.rest.js';
import { moveHttpRoutes } from './move.routes.js';
import { ClassMoveRequirement, MoveOverride, MoveSettings } from './move-gate.entity.js';
import { LevelPlacement, MoveAttempt, MoveHistoryEntry, MoveProgress, SignOffRequest } from './move-progress.entity.js';
import { Move, MoveLevel } from './move.entity.js';
import { MoveImageResolver, MoveResolver } from './move.resolver.js';
import { MOVE_STATE_QUOTA, SIGN_OFF_REQUEST_QUOTA } from './move-progress.service.js';
import { MoveService } from './move.service.js';
import { moveTopics } from './move.topics.js';
import { moveExports } from './moves.exports.js';

/**
 * Moves: the catalogue per apparatus and its levels, students' progress with its history, sign-offs, and the gate
 * that keeps attendees out of classes whose moves they have not signed off (answered to bookings' port).
 */
export const movesModule = defineModule({
  name: 'moves',
  exports: moveExports,
  uses: [usersModule, notificationsModule, classesModule, bookingsModule],
  entities: [
    Move,
    MoveLevel,
    MoveProgress,
    MoveHistoryEntry,
    MoveAttempt,
    SignOffRequest,
    LevelPlacement,
    ClassMoveRequirement,
    MoveOverride,
    MoveSettings,
    LevelAchievement,
  ],
  resolvers: [MoveResolver, MoveImageResolver],
  topics: moveTopics,
  service: ({ orm, storage, notifications, users, events }) =>
    Object.assign(
      new MoveService(notifications, users, events, {
        states: new RequestQuota(orm.em.fork(), 'move-state', MOVE_STATE_QUOTA.points, MOVE_STATE_QUOTA.windowSeconds),
        requests: new RequestQuota(
          orm.em.fork(),
          'move-sign-off-request',
          SIGN_OFF_REQUEST_QUOTA.points,
          SIGN_OFF_REQUEST_QUOTA.windowSeconds,
        ),
      }),
      { admin: new MoveAdmin(), images: new MoveImages(storage) },
    ),
  ensure: (em, { moves }) => moves.ensure(em),
  restRoutes: moveRestRoutes,
  httpRoutes: ({ orm, storage, moves }) => moveHttpRoutes({ orm, storage, images: moves.images }),
  ports: ({ moves }) => ({ bookings: { requirements: (tx, attendee, instance) => moves.missingFor(tx, attendee, instance) } }),
  // The duplicate's rows of an account merge are the kept account's.
  events: (on) => on('member.merged', 'inTransaction', (tx, pair) => mergeMoves(tx, pair)),
});
