import type { EntityManager } from '@mikro-orm/postgresql';
import type { User } from '../users/user.entity.js';
import type { DomainEvents } from '../../events/domain-events.js';
import type { NotificationService } from '../notifications/notification.service.js';
import type { UserService } from '../users/user.service.js';
import { MoveGate } from './move-gate.service.js';
import { MoveGrid } from './move-grid.service.js';
import { MoveProgressService, type MoveQuotas } from './move-progress.service.js';
import { MoveStandings } from './move-standings.service.js';

/**
 * Moves: the catalogue per apparatus, levels as sets of required moves, each student's progress per move and side
 * with its append-only history, the clearance rule, refresh, sign-off requests, placements, and the gate that keeps
 * attendees out of classes whose moves they have not signed off (bookings' `requirements` port). Reading standings
 * lives in the standings service, changes in progress, the staff grid in grid and the gate in gate; this service
 * answers for them under the module's names.
 */
export class MoveService {
  readonly standings: MoveStandings;
  readonly progress: MoveProgressService;
  readonly grid: MoveGrid;
  readonly gate: MoveGate;

  constructor(notifications: NotificationService, users: UserService, events: DomainEvents, quotas: MoveQuotas) {
    this.standings = new MoveStandings();
    this.progress = new MoveProgressService(this.standings, notifications, users, events, quotas);
    this.grid = new MoveGrid(this.standings);
    this.gate = new MoveGate(this.standings, users);
  }

  ensure: MoveStandings['ensure'] = (...args) => this.standings.ensure(...args);
  settings: MoveStandings['settings'] = (...args) => this.standings.settings(...args);
  updateSettings: MoveStandings['updateSettings'] = (...args) => this.standings.updateSettings(...args);
  studentMoves: MoveStandings['studentMoves'] = (...args) => this.standings.studentMoves(...args);
  reachedLevel: MoveStandings['reachedLevel'] = (...args) => this.standings.reachedLevel(...args);
  setState: MoveProgressService['setState'] = (...args) => this.progress.setState(...args);
  recordAttempt: MoveProgressService['recordAttempt'] = (...args) => this.progress.recordAttempt(...args);
  addNote: MoveProgressService['addNote'] = (...args) => this.progress.addNote(...args);
  requestSignOff: MoveProgressService['requestSignOff'] = (...args) => this.progress.requestSignOff(...args);
  openRequests: MoveStandings['openRequests'] = (...args) => this.standings.openRequests(...args);
  approveSignOff: MoveProgressService['approveSignOff'] = (...args) => this.progress.approveSignOff(...args);
  rejectSignOff: MoveProgressService['rejectSignOff'] = (...args) => this.progress.rejectSignOff(...args);
  /** A followed student's sign-off requests with their answers (themselves, their child, anyone for staff). */
  requestsOf = async (em: EntityManager, actor: User, studentId?: string | null) =>
    this.standings.requestsOf(em, await this.standings.followed(em, actor, studentId));
  place: MoveProgressService['place'] = (...args) => this.progress.place(...args);
  classGrid: MoveGrid['classGrid'] = (...args) => this.grid.classGrid(...args);
  setClassRequirement: MoveGate['setClassRequirement'] = (...args) => this.gate.setClassRequirement(...args);
  classRequirement: MoveGate['classRequirement'] = (...args) => this.gate.classRequirement(...args);
  grantOverride: MoveGate['grantOverride'] = (...args) => this.gate.grantOverride(...args);
  checkFor: MoveGate['checkFor'] = (...args) => this.gate.checkFor(...args);
  missingFor: MoveGate['missingFor'] = (...args) => this.gate.missingFor(...args);
}
