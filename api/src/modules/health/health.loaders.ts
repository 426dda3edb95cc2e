import DataLoader from 'dataloader';
import type { LoaderRequest } from '../../graphql/context.js';
import { HealthDetails } from './health-details.entity.js';

export function healthLoaders({ em }: LoaderRequest) {
  return {
    /** Each person's health details (null: nothing recorded), by person id: one query for a whole roster. */
    healthDetails: new DataLoader<string, HealthDetails | null>(async (personIds) => {
      const rows = await em().find(HealthDetails, { person: { $in: [...personIds] } });
      const byPerson = new Map(rows.map((r) => [r.person.id, r]));
      return personIds.map((id) => byPerson.get(id) ?? null);
    }),
    /** Whether the attendee of each booking has health details recorded, by booking id (the kiosk's marker). */
    healthFlagByBooking: new DataLoader<string, boolean>(async (bookingIds) => {
      const rows = await em()
        .getConnection()
        .execute<{ id: string }[]>(
          `select b.id from booking b join health_details h on h.person_id = b.attendee_id where b.id in (${bookingIds.map(() => '?').join(', ')})`,
          [...bookingIds],
        );
      const flagged = new Set(rows.map((r) => r.id));
      return bookingIds.map((id) => flagged.has(id));
    }),
  };
}
