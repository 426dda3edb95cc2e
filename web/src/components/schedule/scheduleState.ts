import type { ScheduleFilter } from '../../graphql/types';
import { LEVELS } from './classLabels';
import type { ClassScheduleQueryVariables } from './schedule.generated';
import { isIsoDate, todayIso, visibleRange, type ScheduleView } from '../../app/dates';

export interface ScheduleState {
  view: ScheduleView;
  anchor: string;
  apparatusIds: string[];
  levels: number[];
  instructorId: string | null;
}

const list = (value: string | null) => (value ? value.split(',').filter(Boolean) : []);

/** View, date and filters live in the address (shareable, and kept across the sign-in round trip). */
export function readScheduleState(params: URLSearchParams, today = todayIso()): ScheduleState {
  const date = params.get('date');
  return {
    view: params.get('view') === 'month' ? 'month' : 'week',
    anchor: isIsoDate(date) ? date : today,
    apparatusIds: list(params.get('apparatus')),
    levels: list(params.get('level'))
      .map(Number)
      .filter((n) => LEVELS.includes(n as (typeof LEVELS)[number])),
    instructorId: params.get('instructor') || null,
  };
}

export function writeScheduleState(params: URLSearchParams, state: ScheduleState, today = todayIso()): URLSearchParams {
  const next = new URLSearchParams(params);
  const set = (key: string, value: string | null) => (value ? next.set(key, value) : next.delete(key));
  set('view', state.view === 'month' ? 'month' : null);
  set('date', state.anchor === today ? null : state.anchor);
  set('apparatus', state.apparatusIds.join(',') || null);
  set('level', state.levels.join(',') || null);
  set('instructor', state.instructorId);
  return next;
}

/** The server filter for a state (absent lists mean "all"). */
export function scheduleFilter(state: ScheduleState): ScheduleFilter | undefined {
  const filter: ScheduleFilter = {};
  if (state.apparatusIds.length) filter.apparatusIds = state.apparatusIds;
  if (state.levels.length) filter.levels = state.levels;
  if (state.instructorId) filter.instructorIds = [state.instructorId];
  return Object.keys(filter).length ? filter : undefined;
}

/** The schedule query's variables for an address: shared by ScheduleBrowser and the routes that preload it. */
export function scheduleVariables(state: ScheduleState): ClassScheduleQueryVariables {
  const { from, to } = visibleRange(state.view, state.anchor);
  return { from, to, filter: scheduleFilter(state) };
}
