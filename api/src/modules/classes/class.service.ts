import type { EntityManager } from '@mikro-orm/postgresql';
import { differenceInCalendarDays, eachDayOfInterval, format, getDay, parseISO } from 'date-fns';
import { todayIn } from '../../common/dates.js';
import { addDaysToDate, addMinutesToTime, minutesOfDay, studioInstant } from '../../common/studio-time.js';
import { likePattern, offsetOf, SortDirection, type PageArgs } from '../../common/paging.js';
import type { DomainEvents } from '../../events/domain-events.js';
import { badInput, conflict, notFound } from '../../graphql/errors.js';
import { Role, STAFF_ROLES } from '../users/role.js';
import { User } from '../users/user.entity.js';
import { publicProfileScope } from '../users/user.policy.js';
import type { UserService } from '../users/user.service.js';
import type { Actor } from '../users/role.js';
import { Apparatus, RigPoint } from './apparatus.entity.js';
import { InstructorApparatus } from './instructor-apparatus.entity.js';
import { ClassBlueprint } from './class-blueprint.entity.js';
import { ClassInstance, ClassStatus } from './class-instance.entity.js';
import { ClassSeries } from './class-series.entity.js';
import { readSchedule, type ScheduledClass } from './schedule.read-model.js';
import { StudioClosure } from './studio-closure.entity.js';

export const MAX_SCHEDULE_DAYS = 62;
export const MAX_SERIES_DAYS = 366;

export interface ScheduleFilter {
  apparatusIds?: string[] | null;
  levels?: number[] | null;
  instructorIds?: string[] | null;
  includeCancelled?: boolean | null;
}

export interface BlueprintData {
  name: string;
  description?: string;
  apparatusId: string;
  level: number;
  durationMinutes: number;
  defaultCapacity: number;
  dropInPriceCents: number;
  defaultInstructorId?: string | null;
  usesRigPoints?: boolean;
}

export interface SeriesData {
  blueprintId: string;
  weekdays: number[];
  startTime: string;
  startDate: string;
  endDate: string;
  instructorId?: string | null;
  capacity?: number | null;
}

export enum EditScope {
  THIS = 'THIS',
  THIS_AND_FOLLOWING = 'THIS_AND_FOLLOWING',
}

export interface InstanceChanges {
  instructorId?: string | null;
  startTime?: string | null;
  capacity?: number | null;
  notes?: string | null;
}

/** What an admin may change on a whole series: its later classes follow, and a new last date adds or cancels some. */
export interface SeriesChanges {
  instructorId?: string | null;
  startTime?: string | null;
  capacity?: number | null;
  endDate?: string | null;
}

export enum SeriesStatus {
  active = 'active',
  ended = 'ended',
  cancelled = 'cancelled',
}

/** Sort field → MikroORM orderBy, for one admin table. */
const sortOrders = <Field extends string>(orders: Record<Field, (dir: 'asc' | 'desc') => object>) => orders;

const INSTANCE_ORDER = sortOrders({
  startsAt: (dir) => ({ startsAt: dir }),
  name: (dir) => ({ blueprint: { name: dir }, startsAt: 'asc' }),
  instructor: (dir) => ({ instructor: { firstName: dir, lastName: dir }, startsAt: 'asc' }),
  spotsTaken: (dir) => ({ spotsTaken: dir, startsAt: 'asc' }),
  capacity: (dir) => ({ capacity: dir, startsAt: 'asc' }),
});

const BLUEPRINT_ORDER = sortOrders({
  name: (dir) => ({ name: dir }),
  apparatus: (dir) => ({ apparatus: { sortOrder: dir, name: dir }, level: 'asc', name: 'asc' }),
  level: (dir) => ({ level: dir, name: 'asc' }),
  durationMinutes: (dir) => ({ durationMinutes: dir, name: 'asc' }),
  defaultCapacity: (dir) => ({ defaultCapacity: dir, name: 'asc' }),
  dropInPriceCents: (dir) => ({ dropInPriceCents: dir, name: 'asc' }),
});

const SERIES_ORDER = sortOrders({
  startDate: (dir) => ({ startDate: dir }),
  endDate: (dir) => ({ endDate: dir }),
  name: (dir) => ({ blueprint: { name: dir }, startDate: 'desc' }),
  instructor: (dir) => ({ instructor: { firstName: dir, lastName: dir }, startDate: 'desc' }),
  startTime: (dir) => ({ startTime: dir, startDate: 'desc' }),
});

/** What the admin tables ask for (see InstanceListArgs, BlueprintListArgs and SeriesListArgs in class.inputs.ts). */
interface TableQuery extends PageArgs {
  search?: string | null;
  apparatusId?: string | null;
  sortDirection: SortDirection;
}

export interface InstanceListQuery extends TableQuery {
  from?: string | null;
  to?: string | null;
  instructorId?: string | null;
  seriesId?: string | null;
  status?: ClassStatus | null;
  sortField: keyof typeof INSTANCE_ORDER;
}

export interface BlueprintListQuery extends TableQuery {
  isActive?: boolean | null;
  sortField?: keyof typeof BLUEPRINT_ORDER | null;
}

export interface SeriesListQuery extends TableQuery {
  instructorId?: string | null;
  status?: SeriesStatus | null;
  sortField: keyof typeof SERIES_ORDER;
}

/** Schedules: blueprints, weekly series and their dated instances, closures and apparatus. */
export class ClassService {
  constructor(
    private readonly timeZone: string,
    private readonly users: UserService,
    private readonly events: DomainEvents,
  ) {}

  /** Offers new spots of these classes (their capacity changed, flushed): class.capacity_changed for each. */
  private async capacityChanged(tx: EntityManager, instances: ClassInstance[]): Promise<void> {
    for (const instance of instances)
      await this.events.emit(tx, 'class.capacity_changed', { classInstanceId: instance.id, capacity: instance.capacity });
  }

  /** What the schedule shows of these classes may differ now (class.changed, delivered after commit). */
  private async changed(tx: EntityManager, instanceIds: string[]): Promise<void> {
    if (instanceIds.length) await this.events.emit(tx, 'class.changed', { classInstanceIds: [...new Set(instanceIds)] });
  }

  /** Classes whose studio-local date is within [from, to], with what the schedule shows, in start order. */
  async schedule(em: EntityManager, from: string, to: string, filter: ScheduleFilter = {}): Promise<ScheduledClass[]> {
    const days = differenceInCalendarDays(parseISO(to), parseISO(from));
    if (days < 0) throw badInput('The end date must not be before the start date.', { to: 'Must not be before the start date.' });
    if (days > MAX_SCHEDULE_DAYS)
      throw badInput(`Ask for at most ${MAX_SCHEDULE_DAYS} days at a time.`, {
        to: `At most ${MAX_SCHEDULE_DAYS} days after the start date.`,
      });
    return readSchedule(em, { from, to, ...filter });
  }

  async instance(em: EntityManager, id: string): Promise<ClassInstance> {
    const instance = await em.findOne(ClassInstance, { id }, { populate: ['blueprint.apparatus', 'instructor'] });
    if (!instance) throw notFound('That class');
    return instance;
  }

  /** Every apparatus, in display order. */
  apparatuses(em: EntityManager): Promise<Apparatus[]> {
    return em.find(Apparatus, {}, { orderBy: { sortOrder: 'asc', name: 'asc' } });
  }

  /** Active instructors and teachers, for schedule filters. */
  instructors(em: EntityManager): Promise<User[]> {
    return em.find(
      User,
      { role: { $in: [Role.instructor, Role.teacher] }, isActive: true },
      { orderBy: { firstName: 'asc', lastName: 'asc' } },
    );
  }

  // ── admin tables (one count and one joined select each) ────────────────────────────────────────────────

  async listInstances(em: EntityManager, args: InstanceListQuery): Promise<{ items: ClassInstance[]; total: number }> {
    const where: Record<string, unknown> = {};
    if (args.from || args.to) where.date = { ...(args.from ? { $gte: args.from } : {}), ...(args.to ? { $lte: args.to } : {}) };
    if (args.status) where.status = args.status;
    if (args.instructorId) where.instructor = args.instructorId;
    if (args.seriesId) where.series = args.seriesId;
    const blueprint: Record<string, unknown> = {};
    if (args.apparatusId) blueprint.apparatus = args.apparatusId;
    if (args.search?.trim()) blueprint.name = { $ilike: likePattern(args.search.trim()) };
    if (Object.keys(blueprint).length) where.blueprint = blueprint;
    const dir = args.sortDirection === SortDirection.DESC ? 'desc' : 'asc';
    const [items, total] = await em.findAndCount(ClassInstance, where, {
      populate: ['blueprint.apparatus', 'instructor'],
      strategy: 'joined',
      orderBy: { ...INSTANCE_ORDER[args.sortField](dir), id: 'asc' },
      limit: args.pageSize,
      offset: offsetOf(args),
    });
    return { items, total };
  }

  async listBlueprints(em: EntityManager, args: BlueprintListQuery): Promise<{ items: ClassBlueprint[]; total: number }> {
    const where: Record<string, unknown> = {};
    if (args.search?.trim()) where.name = { $ilike: likePattern(args.search.trim()) };
    if (args.apparatusId) where.apparatus = args.apparatusId;
    if (args.isActive !== undefined && args.isActive !== null) where.isActive = args.isActive;
    const dir = args.sortDirection === SortDirection.DESC ? 'desc' : 'asc';
    const orderBy = args.sortField ? BLUEPRINT_ORDER[args.sortField](dir) : { apparatus: { sortOrder: 'asc' }, level: 'asc', name: 'asc' };
    const [items, total] = await em.findAndCount(ClassBlueprint, where, {
      populate: ['apparatus'],
      strategy: 'joined',
      orderBy: { ...orderBy, id: 'asc' },
      limit: args.pageSize,
      offset: offsetOf(args),
    });
    return { items, total };
  }

  async listSeries(em: EntityManager, args: SeriesListQuery): Promise<{ items: ClassSeries[]; total: number }> {
    const where: Record<string, unknown> = args.status ? { ...this.seriesWhere(args.status) } : {};
    if (args.instructorId) where.instructor = args.instructorId;
    const blueprint: Record<string, unknown> = {};
    if (args.apparatusId) blueprint.apparatus = args.apparatusId;
    if (args.search?.trim()) blueprint.name = { $ilike: likePattern(args.search.trim()) };
    if (Object.keys(blueprint).length) where.blueprint = blueprint;
    const dir = args.sortDirection === SortDirection.DESC ? 'desc' : 'asc';
    const [items, total] = await em.findAndCount(ClassSeries, where, {
      populate: ['blueprint.apparatus', 'instructor'],
      strategy: 'joined',
      orderBy: { ...SERIES_ORDER[args.sortField](dir), id: 'asc' },
      limit: args.pageSize,
      offset: offsetOf(args),
    });
    return { items, total };
  }

  // ── staff and apparatus lookups ────────────────────────────────────────────────────────────────────────

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

  // ── instructor profiles ────────────────────────────────────────────────────────────────────────────────

  /** Sets an instructor's bio and the apparatus they teach (who may: users.policy), in one transaction. */
  async updateInstructorProfile(
    em: EntityManager,
    actor: Actor,
    userId: string,
    profile: { bio: string; apparatusIds: string[] },
  ): Promise<User> {
    return em.transactional(async (tx) => {
      const person = await this.users.findEditableProfile(tx, actor, userId);
      const ids = [...new Set(profile.apparatusIds)];
      const apparatuses = ids.length ? await tx.find(Apparatus, { id: { $in: ids } }) : [];
      if (apparatuses.length !== ids.length)
        throw badInput('Choose apparatus from the list.', { apparatusIds: 'Choose apparatus from the list.' });
      person.bio = profile.bio.trim();
      await tx.nativeDelete(InstructorApparatus, { instructor: person.id });
      for (const apparatus of apparatuses) tx.persist(new InstructorApparatus(person, apparatus));
      await tx.flush();
      return person;
    });
  }

  /** The apparatus each of these people teaches, in display order (public profiles only: users.policy). */
  async taughtApparatus(em: EntityManager, userIds: readonly string[]): Promise<Map<string, Apparatus[]>> {
    const rows = await em.find(
      InstructorApparatus,
      { instructor: { id: { $in: [...userIds] }, ...publicProfileScope() } },
      { populate: ['apparatus'], orderBy: { apparatus: { sortOrder: 'asc', name: 'asc' } } },
    );
    const byUser = new Map<string, Apparatus[]>();
    for (const row of rows) byUser.set(row.instructor.id, [...(byUser.get(row.instructor.id) ?? []), row.apparatus]);
    return byUser;
  }

  // ── blueprints ─────────────────────────────────────────────────────────────────────────────────────────

  async createBlueprint(em: EntityManager, data: BlueprintData): Promise<ClassBlueprint> {
    const blueprint = em.create(ClassBlueprint, {
      name: data.name.trim(),
      description: data.description?.trim() ?? '',
      apparatus: await this.apparatus(em, data.apparatusId),
      level: data.level,
      durationMinutes: data.durationMinutes,
      defaultCapacity: data.defaultCapacity,
      dropInPriceCents: data.dropInPriceCents,
      defaultInstructor: data.defaultInstructorId ? await this.staffMember(em, data.defaultInstructorId, 'defaultInstructorId') : null,
      usesRigPoints: data.usesRigPoints ?? false,
    });
    await em.flush();
    return blueprint;
  }

  async updateBlueprint(
    em: EntityManager,
    id: string,
    data: Partial<BlueprintData> & { isActive?: boolean | null },
  ): Promise<ClassBlueprint> {
    const blueprint = await em.findOne(ClassBlueprint, { id });
    if (!blueprint) throw notFound('That class type');
    if (data.apparatusId) blueprint.apparatus = await this.apparatus(em, data.apparatusId);
    if (data.defaultInstructorId !== undefined) {
      blueprint.defaultInstructor = data.defaultInstructorId
        ? await this.staffMember(em, data.defaultInstructorId, 'defaultInstructorId')
        : null;
    }
    for (const key of [
      'name',
      'description',
      'level',
      'durationMinutes',
      'defaultCapacity',
      'dropInPriceCents',
      'usesRigPoints',
      'isActive',
    ] as const) {
      const value = data[key];
      if (value !== undefined && value !== null)
        (blueprint as unknown as Record<string, unknown>)[key] = typeof value === 'string' ? value.trim() : value;
    }
    await em.flush();
    return blueprint;
  }

  // ── series ─────────────────────────────────────────────────────────────────────────────────────────────

  /** Creates a weekly series and its instances, skipping studio closures. */
  async createSeries(
    em: EntityManager,
    data: SeriesData,
  ): Promise<{ series: ClassSeries; instances: ClassInstance[]; skippedDates: string[] }> {
    const blueprint = await em.findOne(ClassBlueprint, { id: data.blueprintId, isActive: true });
    if (!blueprint) throw badInput('Choose an active class type.', { blueprintId: 'Choose an active class type.' });
    this.assertSeriesSpan(data.startDate, data.endDate);
    this.assertFitsInDay(data.startTime, blueprint.durationMinutes);
    const weekdays = [...new Set(data.weekdays)].sort();
    const instructor = data.instructorId
      ? await this.staffMember(em, data.instructorId, 'instructorId')
      : (blueprint.defaultInstructor ?? badInputThrow('Choose an instructor (this class type has no default).', 'instructorId'));
    const capacity = data.capacity ?? blueprint.defaultCapacity;

    return em.transactional(async (tx) => {
      const series = tx.create(ClassSeries, {
        blueprint,
        weekdays,
        startTime: data.startTime,
        startDate: data.startDate,
        endDate: data.endDate,
        instructor,
        capacity,
      });
      const { instances, skippedDates } = await this.addSeriesClasses(tx, series, data.startDate, data.endDate);
      if (instances.length === 0)
        throw badInput('No class falls on the chosen weekdays between those dates.', { weekdays: 'No dates match.' });
      await tx.flush();
      return { series, instances, skippedDates };
    });
  }

  /** Creates the series' classes on its weekdays between two dates (inclusive), skipping studio closures. */
  private async addSeriesClasses(
    tx: EntityManager,
    series: ClassSeries,
    from: string,
    to: string,
  ): Promise<{ instances: ClassInstance[]; skippedDates: string[] }> {
    const closed = new Set((await tx.find(StudioClosure, { date: { $gte: from, $lte: to } })).map((c) => c.date));
    const skippedDates: string[] = [];
    const instances: ClassInstance[] = [];
    for (const day of eachDayOfInterval({ start: parseISO(from), end: parseISO(to) })) {
      if (!series.weekdays.includes(getDay(day))) continue;
      const date = format(day, 'yyyy-MM-dd');
      if (closed.has(date)) skippedDates.push(date);
      else
        instances.push(
          this.newInstance(tx, {
            blueprint: series.blueprint,
            series,
            date,
            startTime: series.startTime,
            instructor: series.instructor,
            capacity: series.capacity,
          }),
        );
    }
    return { instances, skippedDates };
  }

  /** A series' state on the studio's calendar today. */
  seriesStatus(series: ClassSeries, today = todayIn(this.timeZone)): SeriesStatus {
    if (series.cancelledAt) return SeriesStatus.cancelled;
    return series.endDate < today ? SeriesStatus.ended : SeriesStatus.active;
  }

  /** The where-clause for series in a state (see seriesStatus). */
  seriesWhere(status: SeriesStatus): object {
    const today = todayIn(this.timeZone);
    if (status === SeriesStatus.cancelled) return { cancelledAt: { $ne: null } };
    return { cancelledAt: null, endDate: status === SeriesStatus.ended ? { $lt: today } : { $gte: today } };
  }

  /**
   * Changes a whole series from now on: instructor, time and capacity of every class not yet started, and the last
   * date (later adds classes, skipping closures; earlier cancels the classes after it and tells their attendees).
   */
  async updateSeries(em: EntityManager, id: string, changes: SeriesChanges): Promise<ClassSeries> {
    const series = await em.transactional(async (tx) => {
      const touched: string[] = [];
      const series = await tx.findOne(ClassSeries, { id }, { populate: ['blueprint', 'instructor'], refresh: true });
      if (!series) throw notFound('That series');
      if (series.cancelledAt) throw conflict('A cancelled series cannot be edited.');
      const today = todayIn(this.timeZone);
      if (changes.endDate && changes.endDate !== series.endDate) {
        this.assertSeriesSpan(series.startDate, changes.endDate);
        if (changes.endDate < today) throw badInput('The last date cannot be in the past.', { endDate: 'Today or later.' });
      }
      if (changes.startTime) this.assertFitsInDay(changes.startTime, series.blueprint.durationMinutes);
      const scheduled = await tx.find(
        ClassInstance,
        { series, status: ClassStatus.scheduled, startsAt: { $gt: new Date() } },
        { populate: ['blueprint'], orderBy: { startsAt: 'asc' }, refresh: true },
      );
      const newEnd = changes.endDate ?? series.endDate;
      // Classes after an earlier last date are cancelled first, so their families hear of it once.
      for (const instance of scheduled.filter((i) => i.date > newEnd))
        await this.cancelWithin(tx, instance, 'The series now ends earlier.');
      const upcoming = scheduled.filter((i) => i.date <= newEnd);
      // Later classes follow the series; the series itself remembers the new values for classes added from now on.
      const instructor = await this.applyChanges(tx, upcoming, changes);
      if (instructor) series.instructor = instructor;
      if (changes.startTime) series.startTime = changes.startTime;
      if (changes.capacity) series.capacity = changes.capacity;
      if (newEnd > series.endDate) {
        const { instances } = await this.addSeriesClasses(tx, series, addDaysToDate(series.endDate, 1), newEnd);
        touched.push(...instances.map((i) => i.id));
      }
      series.endDate = newEnd;
      await tx.flush();
      if (changes.capacity) await this.capacityChanged(tx, upcoming);
      await this.changed(tx, [...touched, ...scheduled.map((i) => i.id)]);
      return series;
    });
    return series;
  }

  /** Cancels a series: every class of it not yet started is cancelled, releasing spots and telling each family. */
  async cancelSeries(em: EntityManager, id: string, reason: string): Promise<ClassSeries> {
    return em.transactional(async (tx) => {
      const series = await tx.findOne(ClassSeries, { id }, { populate: ['blueprint'], refresh: true });
      if (!series) throw notFound('That series');
      if (series.cancelledAt) throw conflict('This series is already cancelled.');
      series.cancelledAt = new Date();
      const upcoming = await tx.find(
        ClassInstance,
        { series, status: ClassStatus.scheduled, startsAt: { $gt: new Date() } },
        { populate: ['blueprint'], orderBy: { startsAt: 'asc' } },
      );
      for (const instance of upcoming) await this.cancelWithin(tx, instance, reason.trim());
      await tx.flush();
      await this.changed(
        tx,
        upcoming.map((i) => i.id),
      );
      return series;
    });
  }

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

  private newInstance(
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

  /** A series ends on or after its first date and covers at most a year. */
  private assertSeriesSpan(startDate: string, endDate: string): void {
    const span = differenceInCalendarDays(parseISO(endDate), parseISO(startDate));
    if (span < 0) throw badInput('The last date must be on or after the first date.', { endDate: 'Must be on or after the first date.' });
    if (span > MAX_SERIES_DAYS)
      throw badInput('A series can cover at most one year.', { endDate: 'At most one year after the first date.' });
  }

  private assertFitsInDay(startTime: string, durationMinutes: number): void {
    if (minutesOfDay(startTime) + durationMinutes > 24 * 60) {
      throw badInput('A class must end on the day it starts.', { startTime: 'Too late for a class of this length.' });
    }
  }

  // ── editing instances ──────────────────────────────────────────────────────────────────────────────────

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

  /**
   * Applies instructor, time, capacity and notes changes to classes (a class, or the later classes of a series).
   * Capacity cannot drop below the spots already taken; attendees are told about time changes. Returns the new
   * instructor, if any. The caller flushes and offers new spots to the waitlist.
   */
  private async applyChanges(tx: EntityManager, instances: ClassInstance[], changes: InstanceChanges): Promise<User | null> {
    const instructor = changes.instructorId ? await this.staffMember(tx, changes.instructorId, 'instructorId') : null;
    if (changes.startTime && instances.length) this.assertFitsInDay(changes.startTime, instances[0].blueprint.durationMinutes);
    for (const instance of instances) {
      if (instance.status === ClassStatus.cancelled) throw conflict('A cancelled class cannot be edited.');
      if (instructor) instance.instructor = instructor;
      if (changes.notes !== undefined && changes.notes !== null) instance.notes = changes.notes.trim();
      if (changes.capacity) {
        if (changes.capacity < instance.spotsTaken) {
          throw badInput(`${instance.spotsTaken} spots are already taken on ${instance.date}; capacity cannot go below that.`, {
            capacity: `At least ${instance.spotsTaken}.`,
          });
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

  /** Cancels one class inside a transaction: releases every spot, closes its waitlist and tells each family. */
  private async cancelWithin(tx: EntityManager, instance: ClassInstance, reason: string): Promise<void> {
    instance.status = ClassStatus.cancelled;
    instance.cancelledAt = new Date();
    await tx.flush();
    await this.events.emit(tx, 'class.cancelled', { classInstanceId: instance.id, reason });
  }

  // ── closures ───────────────────────────────────────────────────────────────────────────────────────────

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

  // ── apparatus ──────────────────────────────────────────────────────────────────────────────────────────

  async saveApparatus(
    em: EntityManager,
    data: { id?: string | null; name: string; description?: string | null; rigPointNames?: string[] | null },
  ): Promise<Apparatus> {
    const apparatus = data.id ? await em.findOne(Apparatus, { id: data.id }, { populate: ['rigPoints'] }) : new Apparatus(data.name.trim());
    if (!apparatus) throw notFound('That apparatus');
    apparatus.name = data.name.trim();
    if (data.description !== undefined && data.description !== null) apparatus.description = data.description.trim();
    em.persist(apparatus);
    if (data.rigPointNames) {
      const names = data.rigPointNames.map((n) => n.trim()).filter(Boolean);
      if (new Set(names.map((n) => n.toLowerCase())).size !== names.length)
        throw badInput('Rig point names must be different.', { rigPointNames: 'Names must be different.' });
      const existing = data.id ? apparatus.rigPoints.getItems() : [];
      // Points keep their id (and their bookings) when renamed in place; removed ones are deactivated.
      names.forEach((name, index) => {
        const point = existing[index] ?? em.create(RigPoint, { apparatus, name, sortOrder: index });
        Object.assign(point, { name, sortOrder: index, isActive: true });
      });
      existing.slice(names.length).forEach((point) => (point.isActive = false));
    }
    try {
      await em.flush();
    } catch (err) {
      if ((err as { code?: string }).code === '23505')
        throw conflict('An apparatus with that name already exists.', { name: 'Already exists.' });
      throw err;
    }
    return apparatus;
  }
}

function badInputThrow(message: string, field: string): never {
  throw badInput(message, { [field]: message });
}
