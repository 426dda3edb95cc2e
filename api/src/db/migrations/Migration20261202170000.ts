import { Migration } from '@mikro-orm/migrations';

/**
 * Each class's booking figures for the admin dashboard (booked, checked in, no-shows, late cancels), kept on its row by
 * a trigger on booking, so a quarter's figures read a row per class instead of every booking; and an index of who
 * checked in to each class, for the period's visitors. The trigger also tells open dashboards of every change.
 */
export class Migration20261202170000 extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `alter table "class_instance" add column "booked_count" int not null default 0, add column "attended_count" int not null default 0, add column "no_show_count" int not null default 0, add column "late_cancel_count" int not null default 0;`,
    );
    // Deltas commute: two transactions changing one class's bookings at once never lose a count.
    this.addSql(`create or replace function booking_class_figures() returns trigger language plpgsql as $$
begin
  if tg_op in ('UPDATE', 'DELETE') then
    update class_instance set
      booked_count = booked_count - (old.status in ('confirmed', 'no_show'))::int,
      attended_count = attended_count - (old.checked_in_at is not null)::int,
      no_show_count = no_show_count - (old.status = 'no_show')::int,
      late_cancel_count = late_cancel_count - old.late_cancel::int
    where id = old.class_instance_id;
  end if;
  if tg_op in ('INSERT', 'UPDATE') then
    update class_instance set
      booked_count = booked_count + (new.status in ('confirmed', 'no_show'))::int,
      attended_count = attended_count + (new.checked_in_at is not null)::int,
      no_show_count = no_show_count + (new.status = 'no_show')::int,
      late_cancel_count = late_cancel_count + new.late_cancel::int
    where id = new.class_instance_id;
  end if;
  -- Open dashboards read their figures again once this commits (one notice per transaction: PostgreSQL folds
  -- identical ones; the payload is the pub/sub's {type, detail}, see graphql/pubsub.ts).
  perform pg_notify('studio_events', json_build_object('type', 'DASHBOARD_CHANGED', 'detail', json_build_object('kind', 'booking', 'at', now()))::text);
  return null;
end $$;`);
    this.addSql(
      `create trigger booking_class_figures after insert or delete or update of status, checked_in_at, late_cancel, class_instance_id on booking
         for each row execute function booking_class_figures();`,
    );
    this.addSql(`update class_instance c set booked_count = s.booked, attended_count = s.attended, no_show_count = s.no_shows, late_cancel_count = s.late
      from (select class_instance_id, count(*) filter (where status in ('confirmed', 'no_show'))::int as booked, count(checked_in_at)::int as attended,
                   count(*) filter (where status = 'no_show')::int as no_shows, count(*) filter (where late_cancel)::int as late
              from booking group by class_instance_id) s
     where s.class_instance_id = c.id;`);
    this.addSql(
      `create index "booking_checked_in_attendees" on "booking" ("class_instance_id", "attendee_id") where "checked_in_at" is not null;`,
    );
  }

  override async down(): Promise<void> {
    this.addSql(`drop index if exists "booking_checked_in_attendees";`);
    this.addSql(`drop trigger if exists booking_class_figures on booking;`);
    this.addSql(`drop function if exists booking_class_figures();`);
    this.addSql(
      `alter table "class_instance" drop column "booked_count", drop column "attended_count", drop column "no_show_count", drop column "late_cancel_count";`,
    );
  }
}
