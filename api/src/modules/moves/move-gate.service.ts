import { fullName } from '@studio/rules';
import type { EntityManager } from '@mikro-orm/postgresql';
import { badInput, notFound } from '../../graphql/errors.js';
import { Apparatus } from '../classes/apparatus.entity.js';
import { ClassBlueprint } from '../classes/class-blueprint.entity.js';
import { ClassInstance } from '../classes/class-instance.entity.js';
import { User } from '../users/user.entity.js';
import type { UserService } from '../users/user.service.js';
import { ClassMoveRequirement, MoveOverride } from './move-gate.entity.js';
import type { MoveStandings } from './move-standings.service.js';
import { Move } from './move.entity.js';
import { assertMayCoachMoves, assertMayManageMoves } from './move.policy.js';
import type { ClassRequirementInput, OverrideArgs, RequirementCheck } from './move.types.js';

/**
 * The gate on booking: a class type's requirement (a level on an apparatus, named moves, or both), staff overrides
 * for one class or until a date, the check shown before booking and the bookings port's refusal naming what is missing.
 */
export class MoveGate {
  constructor(
    private readonly read: MoveStandings,
    private readonly users: UserService,
  ) {}

  async setClassRequirement(em: EntityManager, actor: User, input: ClassRequirementInput): Promise<ClassMoveRequirement | null> {
    assertMayManageMoves(actor);
    return em.transactional(async (tx) => {
      const blueprint = await tx.findOne(ClassBlueprint, { id: input.classTypeId });
      if (!blueprint) throw notFound('That class type');
      const moveIds = [...new Set(input.moveIds)];
      const found = moveIds.length ? await tx.count(Move, { id: { $in: moveIds }, archivedAt: null }) : 0;
      if (found !== moveIds.length)
        throw badInput('Some of those moves do not exist or are archived.', { moveIds: 'Choose moves of the catalogue.' });
      const existing = await tx.findOne(ClassMoveRequirement, { blueprint: blueprint.id });
      if (!input.level && !moveIds.length) {
        if (existing) tx.remove(existing);
        blueprint.bookingGated = false;
        await tx.flush();
        return null;
      }
      const apparatusId = input.level ? (input.apparatusId ?? blueprint.apparatus.id) : null;
      if (apparatusId && !(await tx.count(Apparatus, { id: apparatusId }))) throw notFound('That apparatus');
      const requirement = existing ?? tx.create(ClassMoveRequirement, { blueprint });
      tx.assign(requirement, { apparatus: apparatusId, level: input.level ?? null, moveIds });
      blueprint.bookingGated = true;
      await tx.flush();
      return requirement;
    });
  }

  async classRequirement(em: EntityManager, classTypeId: string): Promise<ClassMoveRequirement | null> {
    return em.findOne(ClassMoveRequirement, { blueprint: classTypeId }, { populate: ['apparatus'] });
  }

  /** Staff let an attendee into one class, or every class until a date, though they lack its moves. */
  async grantOverride(em: EntityManager, actor: User, args: OverrideArgs): Promise<MoveOverride> {
    assertMayCoachMoves(actor);
    if (!args.classInstanceId && !args.until)
      throw badInput('Choose the class, or the date the leave lasts until.', { until: 'Choose a class or a date.' });
    if (args.until && args.until < this.users.today()) throw badInput('That date has passed.', { until: 'Choose today or a later date.' });
    return em.transactional(async (tx) => {
      const attendee = await tx.findOne(User, { id: args.attendeeId });
      if (!attendee) throw notFound('That person');
      if (args.classInstanceId && !(await tx.count(ClassInstance, { id: args.classInstanceId }))) throw notFound('That class');
      const override = tx.create(MoveOverride, {
        attendee,
        classInstance: args.classInstanceId ?? null,
        until: args.until ?? null,
        reason: args.reason.trim(),
        by: actor,
      });
      await tx.flush();
      return override;
    });
  }

  /** The requirement of a class in words, and what the attendee lacks (moves in refresh per the studio's setting). */
  async check(em: EntityManager, attendee: User, instance: ClassInstance): Promise<RequirementCheck> {
    const requirement = await em.findOne(ClassMoveRequirement, { blueprint: instance.blueprint.id }, { populate: ['apparatus'] });
    if (!requirement) return { requirement: '', met: true, missingMoves: [], overridden: false };
    const { catalogue, progress } = await this.read.standings(em, [attendee.id]);
    const standing = this.read.standingOf(catalogue, progress.get(attendee.id));
    const missing = new Map<string, Move>();
    const parts: string[] = [];
    if (requirement.apparatus && requirement.level) {
      parts.push(standing.levelName(requirement.apparatus.id, requirement.apparatus.name, requirement.level));
      for (const m of standing.missingForLevel(requirement.apparatus.id, requirement.level, true)) missing.set(m.id, m);
    }
    const named = catalogue.moves.filter((m) => requirement.moveIds.includes(m.id));
    if (named.length) parts.push(named.map((m) => m.name).join(', '));
    for (const m of named) if (!standing.isSignedOff(m.id, true)) missing.set(m.id, m);
    const met = missing.size === 0;
    const overridden =
      !met &&
      (await em.count(MoveOverride, {
        attendee: attendee.id,
        $or: [{ classInstance: instance.id }, { until: { $gte: instance.date } }],
      })) > 0;
    return { requirement: parts.join(' and '), met, missingMoves: [...missing.values()].map((m) => m.name), overridden };
  }

  /** What an attendee may check before booking: themselves, a child, or anyone for staff. */
  async checkFor(em: EntityManager, actor: User, classInstanceId: string, attendeeId?: string | null): Promise<RequirementCheck> {
    const attendee = await this.read.followed(em, actor, attendeeId);
    const instance = await em.findOne(ClassInstance, { id: classInstanceId }, { populate: ['blueprint'] });
    if (!instance) throw notFound('That class');
    return this.check(em, attendee, instance);
  }

  /** The bookings port: why this attendee may not take a spot in this class, or null. */
  async missingFor(tx: EntityManager, attendee: User, instance: ClassInstance): Promise<string | null> {
    const result = await this.check(tx, attendee, instance);
    if (result.met || result.overridden) return null;
    const shown =
      result.missingMoves.slice(0, 10).join(', ') + (result.missingMoves.length > 10 ? ` and ${result.missingMoves.length - 10} more` : '');
    return `${instance.blueprint.name} requires ${result.requirement}: ${fullName(attendee)} has not had ${shown} signed off yet. Ask an instructor about a sign-off or an override.`;
  }
}
