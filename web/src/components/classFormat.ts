/**
 * Labels the staff and admin pages need beyond the schedule's (app/dates.ts holds every date and time format,
 * classLabels.ts levels and money; this file only adds to them).
 */

/** Weekdays in the order the studio shows them (Monday first), with the API's numbers. */
export const WEEKDAYS = [
  { value: 1, short: 'Mon', long: 'Monday' },
  { value: 2, short: 'Tue', long: 'Tuesday' },
  { value: 3, short: 'Wed', long: 'Wednesday' },
  { value: 4, short: 'Thu', long: 'Thursday' },
  { value: 5, short: 'Fri', long: 'Friday' },
  { value: 6, short: 'Sat', long: 'Saturday' },
  { value: 0, short: 'Sun', long: 'Sunday' },
] as const;

/** '1 booking', '2 bookings' (or a given plural). */
export function plural(n: number, one: string, many = `${one}s`): string {
  return `${n} ${n === 1 ? one : many}`;
}

/** A form inside a Dialog: its content scrolls while the actions stay in view (full-screen dialogs on phones). */
export const dialogFormSx = { display: 'flex', flexDirection: 'column', flex: '1 1 auto', minHeight: 0 } as const;
