import type { EntityManager } from '@mikro-orm/postgresql';
import { differenceInCalendarDays, parseISO } from 'date-fns';
import { todayIn } from '../../../common/dates.js';
import { likePattern, offsetOf, SortDirection } from '../../../common/paging.js';
import { badInput, notFound } from '../../../graphql/errors.js';
import { Role } from '../../users/role.js';
import { User } from '../../users/user.entity.js';
import { Apparatus } from '../apparatus.entity.js';
import { ClassBlueprint } from '../class-blueprint.entity.js';
import { ClassInstance } from '../class-instance.entity.js';
import { ClassSeries } from '../class-series.entity.js';
import { readSchedule, type ScheduledClass } from '../schedule.read-model.js';
import {
  MAX_SCHEDULE_DAYS,
  ScheduleFilter,
  SeriesStatus,
  INSTANCE_ORDER,
  BLUEPRINT_ORDER,
  SERIES_ORDER,
  InstanceListQuery,
  BlueprintListQuery,
  SeriesListQuery,
} from '../class-data.js';
import { ClassParts } from '../class-parts.js';

/** Reading the schedule: the dated classes, one class, the lists of apparatus and instructors, the admin tables. */
export class ClassTablesService extends ClassParts {
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
}
