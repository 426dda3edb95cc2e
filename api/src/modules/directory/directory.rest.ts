import type { RestRoute } from '../routes.js';

const FILTERS = ['search', 'role', 'waiver', 'membership', 'segment', 'group', 'sortField', 'sortDirection'] as const;
const NUMBERS = ['visitedWithinDays', 'notVisitedForDays'] as const;

export const directoryRestRoutes: RestRoute[] = [
  {
    method: 'get',
    path: '/admin/users.csv',
    operation: `query RestUsersCsv($search: String, $role: Role, $isActive: Boolean, $waiver: WaiverFilter, $membership: MembershipFilter,
      $segment: PeopleSegment, $visitedWithinDays: Int, $notVisitedForDays: Int, $group: ID, $sortField: UserSortField,
      $sortDirection: SortDirection) {
      usersCsv(search: $search, role: $role, isActive: $isActive, waiver: $waiver, membership: $membership, segment: $segment,
        visitedWithinDays: $visitedWithinDays, notVisitedForDays: $notVisitedForDays, group: $group, sortField: $sortField,
        sortDirection: $sortDirection) }`,
    variables: (req) => {
      const q = (name: string) => (typeof req.query[name] === 'string' && req.query[name] !== '' ? (req.query[name] as string) : undefined);
      const vars: Record<string, unknown> = Object.fromEntries(FILTERS.map((name) => [name, q(name)]));
      // A number the API refuses stays as typed, so the refusal names it instead of the filter vanishing.
      for (const name of NUMBERS)
        vars[name] = q(name) === undefined ? undefined : Number.isInteger(Number(q(name))) ? Number(q(name)) : q(name);
      const active = q('isActive');
      vars.isActive = active === undefined ? undefined : active === 'true';
      // A filter not given is left out: a variable present as undefined reads as null, and the sort's arguments are non-null.
      return Object.fromEntries(Object.entries(vars).filter(([, value]) => value !== undefined));
    },
    result: (data) => data.usersCsv,
    csvFilename: () => `users-${new Date().toISOString().slice(0, 10)}.csv`,
  },
];
