import { helper, type EntityManager } from '@mikro-orm/postgresql';
import type { StudioPubSub } from '../../../graphql/pubsub.js';
import type { SpotsChangedEvent } from '../booking.topics.js';
import { ClassInstance } from '../../classes/class-instance.entity.js';
import { ACTIVE_BOOKING } from '../booking.entity.js';

/**
 * Seats: the spots taken in a class are counted by conditional UPDATEs on class_instance.spots_taken (never
 * read-then-write), and fresh counts are announced to every subscriber after each change (re-sent after a gap in
 * this process's LISTEN connection).
 */
export class SeatService {
  constructor(private readonly pubsub: StudioPubSub) {}
  /** Atomically takes one spot; false when the class is full (or not bookable). */
  async takeSpot(tx: EntityManager, instanceId: string, overCapacity = false): Promise<boolean> {
    const rows = await tx.getConnection().execute<{ spots_taken: number }[]>(
      `update class_instance set spots_taken = spots_taken + 1
        where id = ? and status = 'scheduled' ${overCapacity ? '' : 'and spots_taken < capacity'} returning spots_taken`,
      [instanceId],
      'all',
      tx.getTransactionContext(),
    );
    if (rows.length === 1) this.syncLoaded(tx, instanceId, rows[0].spots_taken);
    return rows.length === 1;
  }

  async freeSpot(tx: EntityManager, instanceId: string): Promise<void> {
    const rows = await tx
      .getConnection()
      .execute<{ spots_taken: number }[]>(
        'update class_instance set spots_taken = spots_taken - 1 where id = ? and spots_taken > 0 returning spots_taken',
        [instanceId],
        'all',
        tx.getTransactionContext(),
      );
    if (rows.length === 1) this.syncLoaded(tx, instanceId, rows[0].spots_taken);
  }

  /**
   * The counter is changed in SQL only; a ClassInstance already loaded in this unit of work takes the count the
   * UPDATE returned, as if read from the database, so that later checks and the mutation's answer see it (and a
   * flush never writes an old one back).
   */
  private syncLoaded(tx: EntityManager, instanceId: string, spotsTaken: number): void {
    const loaded = tx.getUnitOfWork().getById<ClassInstance>(ClassInstance.name, instanceId);
    if (!loaded) return;
    loaded.spotsTaken = spotsTaken;
    const original = helper(loaded).__originalEntityData;
    if (original) original.spotsTaken = spotsTaken;
  }

  /** Publishes fresh seat counts for changed classes (after commit), once per class, for every subscriber; answers them. */
  async announceSpots(em: EntityManager, instanceIds: string[]): Promise<SpotsChangedEvent[]> {
    const ids = [...new Set(instanceIds)];
    if (ids.length === 0) return [];
    const events = await this.spotEvents(em, `c.id in (${ids.map(() => '?').join(', ')})`, ids);
    for (const event of events) this.pubsub.publish('SPOTS_CHANGED', event);
    return events;
  }

  /**
   * After a gap in this process's LISTEN connection, seat changes made meanwhile were never heard: tell this
   * process's subscribers the current counts of every class that has not ended yet (within the booking horizon).
   */
  async resyncSpots(em: EntityManager): Promise<void> {
    const events = await this.spotEvents(em, `c.ends_at > now() and c.starts_at < now() + interval '62 days'`, []);
    for (const event of events) this.pubsub.publishLocally('SPOTS_CHANGED', event);
  }

  private async spotEvents(em: EntityManager, where: string, params: string[]): Promise<SpotsChangedEvent[]> {
    const rows = await em
      .getConnection()
      .execute<{ id: string; spots_left: number; waitlist_length: number; status: string; taken: string[] }[]>(
        `select c.id, greatest(c.capacity - c.spots_taken, 0) as spots_left, c.status,
              (select count(*)::int from waitlist_entry w where w.class_instance_id = c.id and w.status = 'waiting') as waitlist_length,
              array(select b.rig_point_id::text from booking b
                     where b.class_instance_id = c.id and b.rig_point_id is not null and b.status in (${ACTIVE_BOOKING.map(() => '?').join(', ')})
                     order by b.rig_point_id) as taken
         from class_instance c where ${where}`,
        [...ACTIVE_BOOKING, ...params],
      );
    return rows.map((r) => ({
      classInstanceId: r.id,
      spotsLeft: r.spots_left,
      waitlistLength: r.waitlist_length,
      status: r.status,
      takenRigPointIds: r.taken,
    }));
  }
}
