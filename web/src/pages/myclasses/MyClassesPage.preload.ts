import { preloadQuery, type RoutePreload } from '../../app/routePreload';
import { addDays, isIsoDate, todayIso } from '../../app/dates';
import type { Role } from '../../graphql/types';
import { FamilyUpcomingClassesDocument, TeachingClassesDocument } from './myClasses.generated';

/** Days shown at once on the staff view: this week and next, from today. */
export const TEACHING_WINDOW_DAYS = 14;

/** Staff see the classes they teach (admins: every class); parents their family's classes. */
export const isTeachingRole = (role: Role) => role === 'admin' || role === 'instructor' || role === 'teacher';

/** The staff view's two weeks: from `?from=` (or today). */
export function teachingRange(search: URLSearchParams, today = todayIso()): { from: string; to: string } {
  const requested = search.get('from');
  const from = requested && isIsoDate(requested) ? requested : today;
  return { from, to: addDays(from, TEACHING_WINDOW_DAYS - 1) };
}

/** /class-instances: the staff member's two weeks of classes, or the parent's family classes. */
const preload: RoutePreload = ({ client, search, user }) => {
  if (!user) return;
  if (isTeachingRole(user.role)) preloadQuery(client, TeachingClassesDocument, { variables: teachingRange(search) });
  else preloadQuery(client, FamilyUpcomingClassesDocument);
};
export default preload;
