import { SortDirection, type PageArgs } from '../../common/paging.js';
import { ClassStatus } from './class-instance.entity.js';

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
  minAge?: number | null;
  maxAge?: number | null;
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

export const INSTANCE_ORDER = sortOrders({
  startsAt: (dir) => ({ startsAt: dir }),
  name: (dir) => ({ blueprint: { name: dir }, startsAt: 'asc' }),
  instructor: (dir) => ({ instructor: { firstName: dir, lastName: dir }, startsAt: 'asc' }),
  spotsTaken: (dir) => ({ spotsTaken: dir, startsAt: 'asc' }),
  capacity: (dir) => ({ capacity: dir, startsAt: 'asc' }),
});

export const BLUEPRINT_ORDER = sortOrders({
  name: (dir) => ({ name: dir }),
  apparatus: (dir) => ({ apparatus: { sortOrder: dir, name: dir }, level: 'asc', name: 'asc' }),
  level: (dir) => ({ level: dir, name: 'asc' }),
  durationMinutes: (dir) => ({ durationMinutes: dir, name: 'asc' }),
  defaultCapacity: (dir) => ({ defaultCapacity: dir, name: 'asc' }),
  dropInPriceCents: (dir) => ({ dropInPriceCents: dir, name: 'asc' }),
});

export const SERIES_ORDER = sortOrders({
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
