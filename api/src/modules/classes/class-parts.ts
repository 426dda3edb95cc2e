import type { EntityManager } from '@mikro-orm/postgresql';
import { differenceInCalendarDays, parseISO } from 'date-fns';
import { addMinutesToTime, describeStudioDate, minutesOfDay, studioInstant } from '../../common/studio-time.js';
import type { DomainEvents } from '../../events/domain-events.js';
import { badInput, conflict } from '../../graphql/errors.js';
import { Role, STAFF_ROLES } from '../users/role.js';
import { User } from '../users/user.entity.js';
import type { UserService } from '../users/user.service.js';
import { Apparatus } from './apparatus.entity.js';
import { ClassBlueprint } from './class-blueprint.entity.js';
import { ClassInstance, ClassStatus } from './class-instance.entity.js';
import { ClassSeries } from './class-series.entity.js';
import { MAX_SERIES_DAYS, InstanceChanges } from './class-data.js';

/** What the parts of the schedule share: settings, the events they emit, and the rules every edit checks. */
export abstract class ClassParts {
  constructor(
    protected readonly timeZone: string,
    protected readonly users: UserService,
    protected readonly events: DomainEvents,
  ) {}
  /** Offers new spots of these classes (their capacity changed, flushed): class.capacity_changed for each. */
  protected async capacityChanged(tx: EntityManager, instances: ClassInstance[]): Promise<void> {
    for (const instance of instances)
      await this.events.emit(tx, 'class.capacity_changed', { classInstanceId: instance.id, capacity: instance.capacity });
  }

  /** What the schedule shows of these classes may differ now (class.changed, delivered after commit). */
  protected async changed(tx: EntityManager, instanceIds: string[]): Promise<void> {
    if (instanceIds.length) await this.events.emit(tx, 'class.changed', { classInstanceIds: [...new Set(instanceIds)] });
  }

  async staffMember(em: EntityManager, id: string, field: string): Promise<User> {
    const user = await em.findOne(User, { id, isActive: true, role: { $in: [...STAFF_ROLES] as Role[] } });
    if (!user)
      throw badInput('Choose an active instructor, teacher or admin.', { [field]: 'Choose an active instructor, teacher or admin.' });
    return user;
  }

  async apparatus(em: EntityManager, id: string): Promise<Apparatus> {
    const apparatus = await em.findOne(Apparatus, { id });
    if (!apparatus) throw badInput('Choose an apparatus.', { apparatusId: 'Choose an apparatus.' });
    return apparatus;
  }

  protected assertFitsInDay(startTime: string, durationMinutes: number): void {
    if (minutesOfDay(startTime) + durationMinutes > 24 * 60) {
      throw badInput('A class must end on the day it starts.', { startTime: 'Too late for a class of this length.' });
    }
  }

  /** A series ends on or after its first date and covers at most a year. */
  protected assertSeriesSpan(startDate: string, endDate: string): void {
    const span = differenceInCalendarDays(parseISO(endDate), parseISO(startDate));
    if (span < 0) throw badInput('The last date must be on or after the first date.', { endDate: 'Must be on or after the first date.' });
    if (span > MAX_SERIES_DAYS)
      throw badInput('A series can cover at most one year.', { endDate: 'At most one year after the first date.' });
  }

  /** Cancels one class inside a transaction: releases every spot, closes its waitlist and tells each family. */
  protected async cancelWithin(tx: EntityManager, instance: ClassInstance, reason: string): Promise<void> {
    instance.status = ClassStatus.cancelled;
    instance.cancelledAt = new Date();
    await tx.flush();
    await this.events.emit(tx, 'class.cancelled', { classInstanceId: instance.id, reason });
  }

  protected newInstance(
    em: EntityManager,
    d: { blueprint: ClassBlueprint; series?: ClassSeries; date: string; startTime: string; instructor: User; capacity: number },
  ): ClassInstance {
    const endTime = addMinutesToTime(d.startTime, d.blueprint.durationMinutes);
    return em.create(ClassInstance, {
      blueprint: d.blueprint,
      series: d.series ?? null,
      date: d.date,
      startTime: d.startTime,
      endTime,
      startsAt: studioInstant(d.date, d.startTime, this.timeZone),
      endsAt: studioInstant(d.date, endTime, this.timeZone),
      instructor: d.instructor,
      capacity: d.capacity,
    });
  }

  /**
   * Applies instructor, time, capacity and notes changes to classes (a class, or the later classes of a series).
   * Capacity cannot drop below the spots already taken; attendees are told about time changes. Returns the new
   * instructor, if any. The caller flushes and offers new spots to the waitlist.
   */
  protected async applyChanges(tx: EntityManager, instances: ClassInstance[], changes: InstanceChanges): Promise<User | null> {
    const instructor = changes.instructorId ? await this.staffMember(tx, changes.instructorId, 'instructorId') : null;
    if (changes.startTime && instances.length) this.assertFitsInDay(changes.startTime, instances[0].blueprint.durationMinutes);
    for (const instance of instances) {
      if (instance.status === ClassStatus.cancelled) throw conflict('A cancelled class cannot be edited.');
      if (instructor) instance.instructor = instructor;
      if (changes.notes !== undefined && changes.notes !== null) instance.notes = changes.notes.trim();
      if (changes.capacity) {
        if (changes.capacity < instance.spotsTaken) {
          throw badInput(
            `${instance.spotsTaken} spots are already taken on ${describeStudioDate(instance.date)}; capacity cannot go below that.`,
            {
              capacity: `At least ${instance.spotsTaken}.`,
            },
          );
        }
        instance.capacity = changes.capacity;
      }
      if (changes.startTime && changes.startTime !== instance.startTime) {
        instance.startTime = changes.startTime;
        instance.endTime = addMinutesToTime(changes.startTime, instance.blueprint.durationMinutes);
        instance.startsAt = studioInstant(instance.date, instance.startTime, this.timeZone);
        instance.endsAt = studioInstant(instance.date, instance.endTime, this.timeZone);
        await this.events.emit(tx, 'class.rescheduled', {
          classInstanceId: instance.id,
          startsAt: instance.startsAt.toISOString(),
          startTime: instance.startTime,
        });
      }
    }
    return instructor;
  }
}

export function badInputThrow(message: string, field: string): never {
  throw badInput(message, { [field]: message });
}
