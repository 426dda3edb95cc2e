import type { EntityManager } from '@mikro-orm/postgresql';
import { badInput, conflict, notFound } from '../../../graphql/errors.js';
import { ClassBlueprint } from '../class-blueprint.entity.js';
import { ClassInstance, ClassStatus } from '../class-instance.entity.js';
import { StudioClosure } from '../studio-closure.entity.js';
import { EditScope, InstanceChanges } from '../class-data.js';
import { ClassParts, badInputThrow } from '../class-parts.js';

/** Single dated classes: made, edited, cancelled, and the studio's closures that cancel them. */
export class ClassInstanceService extends ClassParts {
  async createInstance(
    em: EntityManager,
    data: {
      blueprintId: string;
      date: string;
      startTime: string;
      instructorId?: string | null;
      capacity?: number | null;
      notes?: string | null;
    },
  ): Promise<ClassInstance> {
    const blueprint = await em.findOne(ClassBlueprint, { id: data.blueprintId, isActive: true });
    if (!blueprint) throw badInput('Choose an active class type.', { blueprintId: 'Choose an active class type.' });
    this.assertFitsInDay(data.startTime, blueprint.durationMinutes);
    const closure = await em.findOne(StudioClosure, { date: data.date });
    if (closure) throw badInput(`The studio is closed on that day (${closure.reason}).`, { date: 'The studio is closed that day.' });
    const instructor = data.instructorId
      ? await this.staffMember(em, data.instructorId, 'instructorId')
      : (blueprint.defaultInstructor ?? badInputThrow('Choose an instructor (this class type has no default).', 'instructorId'));
    const instance = this.newInstance(em, {
      blueprint,
      date: data.date,
      startTime: data.startTime,
      instructor,
      capacity: data.capacity ?? blueprint.defaultCapacity,
    });
    instance.notes = data.notes?.trim() ?? '';
    await em.flush();
    return instance;
  }

  /**
   * Edits one instance, or it and every later scheduled instance of its series. Capacity cannot drop below the
   * spots already taken; raising it offers the new spots to the waitlist. Attendees are told about time changes.
   */
  async updateInstances(em: EntityManager, id: string, changes: InstanceChanges, scope: EditScope): Promise<ClassInstance[]> {
    return em.transactional(async (tx) => {
      const target = await tx.findOne(ClassInstance, { id }, { populate: ['blueprint', 'series'], refresh: true });
      if (!target) throw notFound('That class');
      const instances =
        scope === EditScope.THIS_AND_FOLLOWING && target.series
          ? await tx.find(
              ClassInstance,
              { series: target.series, date: { $gte: target.date }, status: ClassStatus.scheduled },
              { populate: ['blueprint'], orderBy: { startsAt: 'asc' }, refresh: true },
            )
          : [target];
      const instructor = await this.applyChanges(tx, instances, changes);
      if (scope === EditScope.THIS_AND_FOLLOWING && target.series) {
        // The series remembers the new values for the classes an admin adds to it later.
        if (instructor) target.series.instructor = instructor;
        if (changes.startTime) target.series.startTime = changes.startTime;
        if (changes.capacity) target.series.capacity = changes.capacity;
      }
      await tx.flush();
      if (changes.capacity) await this.capacityChanged(tx, instances);
      await this.changed(
        tx,
        instances.map((i) => i.id),
      );
      return instances;
    });
  }

  async cancelInstance(em: EntityManager, id: string, reason: string): Promise<ClassInstance> {
    return em.transactional(async (tx) => {
      const instance = await tx.findOne(ClassInstance, { id }, { populate: ['blueprint'] });
      if (!instance) throw notFound('That class');
      if (instance.status === ClassStatus.cancelled) throw conflict('This class is already cancelled.');
      await this.cancelWithin(tx, instance, reason.trim());
      await this.changed(tx, [instance.id]);
      return instance;
    });
  }

  closures(em: EntityManager): Promise<StudioClosure[]> {
    return em.find(StudioClosure, {}, { orderBy: { date: 'asc' } });
  }

  /** Closes the studio on a date: no series creates classes then, and classes already scheduled are cancelled. */
  async addClosure(em: EntityManager, date: string, reason: string): Promise<StudioClosure> {
    if (await em.count(StudioClosure, { date })) throw conflict('The studio is already closed on that day.');
    const closure = em.create(StudioClosure, { date, reason: reason.trim() });
    await em.flush();
    const affected = await em.find(ClassInstance, { date, status: ClassStatus.scheduled });
    for (const instance of affected) await this.cancelInstance(em, instance.id, `the studio is closed (${closure.reason})`);
    return closure;
  }

  async removeClosure(em: EntityManager, id: string): Promise<void> {
    const removed = await em.nativeDelete(StudioClosure, { id });
    if (!removed) throw notFound('That closure');
  }
}
