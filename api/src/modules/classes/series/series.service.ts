import type { EntityManager } from '@mikro-orm/postgresql';
import { eachDayOfInterval, format, getDay, parseISO } from 'date-fns';
import { todayIn } from '../../../common/dates.js';
import { addDaysToDate } from '../../../common/studio-time.js';
import { badInput, conflict, notFound } from '../../../graphql/errors.js';
import { ClassBlueprint } from '../class-blueprint.entity.js';
import { ClassInstance, ClassStatus } from '../class-instance.entity.js';
import { ClassSeries } from '../class-series.entity.js';
import { StudioClosure } from '../studio-closure.entity.js';
import { SeriesData, SeriesChanges } from '../class-data.js';
import { ClassParts, badInputThrow } from '../class-parts.js';

/** Weekly series: made, edited as a whole (later classes follow; a new last date adds or cancels some), cancelled. */
export class ClassSeriesService extends ClassParts {
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
}
