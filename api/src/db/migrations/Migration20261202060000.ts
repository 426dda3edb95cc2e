import { Migration } from '@mikro-orm/migrations';

/**
 * The admin's people tables at 100,000 members: a phone number to search by, attendance figures kept on each person
 * (so the students table sorts by them through an index), one index per sort of the accounts table and a trigram
 * index for search by any part of a name, username, email or phone.
 */
export class Migration20261202060000 extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create extension if not exists pg_trgm;`);
    this.addSql(
      `alter table "app_user" add column "phone" varchar(30) null, add column "last_visit_at" timestamptz null,
         add column "booking_count" int not null default 0, add column "attended_count" int not null default 0,
         add column "no_show_count" int not null default 0,
         add column "search_text" text generated always as (lower("first_name" || ' ' || "last_name" || ' ' || coalesce("username", '') || ' ' || coalesce("email", '') || ' ' || coalesce("phone", ''))) stored null;`,
    );
    // The figures move with every booking row, whichever code path writes it (kiosk, staff, jobs, raw statements):
    // deltas commute, so two transactions changing one person's bookings at once never lose a count.
    this.addSql(`create or replace function booking_attendance_figures() returns trigger language plpgsql as $$
begin
  if tg_op in ('UPDATE', 'DELETE') then
    update app_user set
      booking_count = booking_count - (old.status <> 'cancelled')::int,
      attended_count = attended_count - (old.checked_in_at is not null)::int,
      no_show_count = no_show_count - (old.status = 'no_show')::int,
      last_visit_at = case when old.checked_in_at is not null and old.checked_in_at >= coalesce(last_visit_at, old.checked_in_at)
        then (select max(b.checked_in_at) from booking b where b.attendee_id = old.attendee_id and b.id <> old.id)
        else last_visit_at end
    where id = old.attendee_id;
  end if;
  if tg_op in ('INSERT', 'UPDATE') then
    update app_user set
      booking_count = booking_count + (new.status <> 'cancelled')::int,
      attended_count = attended_count + (new.checked_in_at is not null)::int,
      no_show_count = no_show_count + (new.status = 'no_show')::int,
      last_visit_at = greatest(last_visit_at, new.checked_in_at)
    where id = new.attendee_id;
  end if;
  return null;
end $$;`);
    this.addSql(
      `create trigger booking_attendance_figures after insert or delete or update of status, checked_in_at, attendee_id on booking
         for each row execute function booking_attendance_figures();`,
    );
    this.addSql(`update app_user u set booking_count = s.bookings, attended_count = s.attended, no_show_count = s.no_shows, last_visit_at = s.last_visit
      from (select attendee_id, count(*) filter (where status <> 'cancelled')::int as bookings, count(checked_in_at)::int as attended,
                   count(*) filter (where status = 'no_show')::int as no_shows, max(checked_in_at) as last_visit
              from booking group by attendee_id) s
     where s.attendee_id = u.id;`);
    for (const sql of PEOPLE_INDEXES) this.addSql(sql);
  }

  override async down(): Promise<void> {
    for (const name of PEOPLE_INDEX_NAMES) this.addSql(`drop index if exists "${name}";`);
    this.addSql(`drop trigger if exists booking_attendance_figures on booking;`);
    this.addSql(`drop function if exists booking_attendance_figures();`);
    this.addSql(
      `alter table "app_user" drop column "search_text", drop column "phone", drop column "last_visit_at", drop column "booking_count", drop column "attended_count", drop column "no_show_count";`,
    );
  }
}

const PEOPLE_INDEX_NAMES = [
  'app_user_people_last_name',
  'app_user_people_first_name',
  'app_user_people_username',
  'app_user_people_email',
  'app_user_people_role',
  'app_user_people_birthday',
  'app_user_people_created_at',
  'app_user_people_last_visit_asc',
  'app_user_people_last_visit_desc',
  'app_user_people_bookings',
  'app_user_people_attended',
  'app_user_people_no_shows',
  'app_user_people_search',
];

const PEOPLE_INDEXES = [
  `create index "app_user_people_last_name" on "app_user" ("last_name", "first_name", "id") where "removed_at" is null;`,
  `create index "app_user_people_first_name" on "app_user" ("first_name", "last_name", "id") where "removed_at" is null;`,
  `create index "app_user_people_username" on "app_user" ("username", "id") where "removed_at" is null;`,
  `create index "app_user_people_email" on "app_user" ((coalesce("email", '')), "id") where "removed_at" is null;`,
  `create index "app_user_people_role" on "app_user" ("role", "last_name", "first_name", "id") where "removed_at" is null;`,
  `create index "app_user_people_birthday" on "app_user" ("birthday", "id") where "removed_at" is null;`,
  `create index "app_user_people_created_at" on "app_user" ("created_at", "id") where "removed_at" is null;`,
  // Never visited sorts last both ways: +infinity ascending, -infinity descending.
  `create index "app_user_people_last_visit_asc" on "app_user" ((coalesce("last_visit_at", 'infinity'::timestamptz)), "id") where "removed_at" is null;`,
  `create index "app_user_people_last_visit_desc" on "app_user" ((coalesce("last_visit_at", '-infinity'::timestamptz)), "id") where "removed_at" is null;`,
  `create index "app_user_people_bookings" on "app_user" ("booking_count", "id") where "removed_at" is null;`,
  `create index "app_user_people_attended" on "app_user" ("attended_count", "id") where "removed_at" is null;`,
  `create index "app_user_people_no_shows" on "app_user" ("no_show_count", "id") where "removed_at" is null;`,
  `create index "app_user_people_search" on "app_user" using gin ("search_text" gin_trgm_ops) where "removed_at" is null;`,
];
