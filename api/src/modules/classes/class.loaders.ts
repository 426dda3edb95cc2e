import DataLoader from 'dataloader';
import type { LoaderRequest } from '../../graphql/context.js';
import type { Apparatus } from './apparatus.entity.js';
import { RigPoint } from './apparatus.entity.js';
import type { ClassService } from './class.service.js';
import { waitlistCounts } from './schedule.read-model.js';

export interface SeriesStats {
  scheduledClasses: number;
  upcomingClasses: number;
  nextClassDate: string | null;
}

export function classLoaders({ em, services }: LoaderRequest & { services: { classes: ClassService } }) {
  return {
    /** The apparatus each instructor teaches (their profile). */
    taughtApparatus: new DataLoader<string, Apparatus[]>(async (userIds) => {
      const byUser = await services.classes.taughtApparatus(em(), userIds);
      return userIds.map((id) => byUser.get(id) ?? []);
    }),
    /** People waiting in line for each class. */
    waitlistLength: new DataLoader<string, number>(async (instanceIds) => {
      const counts = await waitlistCounts(em(), instanceIds);
      return instanceIds.map((id) => counts.get(id) ?? 0);
    }),
    /** Scheduled classes of each series: how many in all, how many not yet started, and the next one's date. */
    seriesStats: new DataLoader<string, SeriesStats>(async (seriesIds) => {
      const rows = await em()
        .getConnection()
        .execute<(SeriesStats & { id: string })[]>(
          `select series_id as id, count(*)::int as "scheduledClasses",
            (count(*) filter (where starts_at > now()))::int as "upcomingClasses",
            (min(date) filter (where starts_at > now()))::text as "nextClassDate"
          from class_instance where status = 'scheduled' and series_id in (${seriesIds.map(() => '?').join(', ')}) group by series_id`,
          [...seriesIds],
        );
      const stats = new Map(rows.map((r) => [r.id, r]));
      return seriesIds.map((id) => stats.get(id) ?? { scheduledClasses: 0, upcomingClasses: 0, nextClassDate: null });
    }),
    /** Rig points of each apparatus, in order. */
    rigPoints: new DataLoader<string, RigPoint[]>(async (apparatusIds) => {
      const points = await em().find(
        RigPoint,
        { apparatus: { $in: [...apparatusIds] }, isActive: true },
        { orderBy: { sortOrder: 'asc' } },
      );
      return apparatusIds.map((id) => points.filter((p) => p.apparatus.id === id));
    }),
  };
}
