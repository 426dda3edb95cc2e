import { Migration } from '@mikro-orm/migrations';

export class Migration20261122052918 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create table "apparatus" ("id" uuid not null, "name" varchar(50) not null, "description" varchar(500) not null default '', "sort_order" int not null default 0, constraint "apparatus_pkey" primary key ("id"));`);
    this.addSql(`alter table "apparatus" add constraint "apparatus_name_unique" unique ("name");`);

    this.addSql(`create table "rig_point" ("id" uuid not null, "apparatus_id" uuid not null, "name" varchar(50) not null, "sort_order" int not null default 0, "is_active" boolean not null default true, constraint "rig_point_pkey" primary key ("id"));`);
    this.addSql(`create index "rig_point_apparatus_id_index" on "rig_point" ("apparatus_id");`);

    this.addSql(`create table "studio_closure" ("id" uuid not null, "date" date not null, "reason" varchar(200) not null, constraint "studio_closure_pkey" primary key ("id"));`);
    this.addSql(`alter table "studio_closure" add constraint "studio_closure_date_unique" unique ("date");`);

    this.addSql(`create table "studio_settings" ("id" int not null default 1, "booking_window_days" int not null default 30, "cancellation_cutoff_hours" int not null default 12, "hold_minutes" int not null default 15, "waitlist_offer_hours" int not null default 12, constraint "studio_settings_pkey" primary key ("id"), constraint studio_settings_single_row check (id = 1));`);

    this.addSql(`create table "notification" ("id" uuid not null, "user_id" uuid not null, "type" text check ("type" in ('payment_success', 'checkout', 'class_reminder', 'check_in_available', 'other')) not null, "title" varchar(200) not null, "message" text not null, "link" varchar(300) null, "is_read" boolean not null default false, "dedupe_key" varchar(200) null, "created_at" timestamptz not null default now(), constraint "notification_pkey" primary key ("id"));`);
    this.addSql(`alter table "notification" add constraint "notification_dedupe_key_unique" unique ("dedupe_key");`);
    this.addSql(`create index "notification_user_id_created_at_index" on "notification" ("user_id", "created_at");`);

    this.addSql(`create table "class_blueprint" ("id" uuid not null, "name" varchar(100) not null, "description" text not null default '', "apparatus_id" uuid not null, "level" int not null, "duration_minutes" int not null, "default_capacity" int not null, "drop_in_price_cents" int not null, "default_instructor_id" uuid null, "uses_rig_points" boolean not null default false, "is_active" boolean not null default true, "created_at" timestamptz not null default now(), constraint "class_blueprint_pkey" primary key ("id"), constraint class_blueprint_price_nonnegative check (drop_in_price_cents >= 0), constraint class_blueprint_capacity_range check (default_capacity >= 1 and default_capacity <= 200), constraint class_blueprint_duration_range check (duration_minutes >= 15 and duration_minutes <= 300), constraint class_blueprint_level_range check (level >= 1 and level <= 5));`);
    this.addSql(`create index "class_blueprint_apparatus_id_index" on "class_blueprint" ("apparatus_id");`);

    this.addSql(`create table "class_series" ("id" uuid not null, "blueprint_id" uuid not null, "weekdays" jsonb not null, "start_time" varchar(5) not null, "start_date" date not null, "end_date" date not null, "instructor_id" uuid not null, "capacity" int not null, "created_at" timestamptz not null default now(), constraint "class_series_pkey" primary key ("id"));`);
    this.addSql(`create index "class_series_blueprint_id_index" on "class_series" ("blueprint_id");`);

    this.addSql(`create table "class_instance" ("id" uuid not null, "blueprint_id" uuid not null, "series_id" uuid null, "date" date not null, "start_time" varchar(5) not null, "end_time" varchar(5) not null, "starts_at" timestamptz not null, "ends_at" timestamptz not null, "instructor_id" uuid not null, "capacity" int not null, "spots_taken" int not null default 0, "status" text check ("status" in ('scheduled', 'cancelled')) not null default 'scheduled', "notes" text not null default '', "cancelled_at" timestamptz null, "created_at" timestamptz not null default now(), constraint "class_instance_pkey" primary key ("id"), constraint class_instance_ends_after_start check (ends_at > starts_at), constraint class_instance_capacity_range check (capacity >= 1 and capacity <= 200), constraint class_instance_spots_nonnegative check (spots_taken >= 0));`);
    this.addSql(`create index "class_instance_blueprint_id_index" on "class_instance" ("blueprint_id");`);
    this.addSql(`create index "class_instance_series_id_index" on "class_instance" ("series_id");`);
    this.addSql(`create index "class_instance_instructor_id_index" on "class_instance" ("instructor_id");`);
    this.addSql(`create index "class_instance_starts_at_index" on "class_instance" ("starts_at");`);

    this.addSql(`create table "booking" ("id" uuid not null, "class_instance_id" uuid not null, "attendee_id" uuid not null, "booked_by_id" uuid not null, "status" text check ("status" in ('held', 'confirmed', 'cancelled', 'no_show')) not null, "hold_expires_at" timestamptz null, "source" text check ("source" in ('member', 'staff', 'walk_in', 'waitlist')) not null default 'member', "payment_status" text check ("payment_status" in ('free', 'unpaid', 'paid')) not null, "price_cents" int not null, "rig_point_id" uuid null, "checked_in_at" timestamptz null, "cancelled_at" timestamptz null, "cancel_reason" text check ("cancel_reason" in ('member', 'staff', 'hold_expired', 'class_cancelled', 'removed_from_cart')) null, "late_cancel" boolean not null default false, "created_at" timestamptz not null default now(), constraint "booking_pkey" primary key ("id"), constraint booking_price_nonnegative check (price_cents >= 0), constraint booking_held_has_expiry check (status <> 'held' or hold_expires_at is not null));`);
    this.addSql(`create index "booking_class_instance_id_index" on "booking" ("class_instance_id");`);
    this.addSql(`create index "booking_booked_by_id_index" on "booking" ("booked_by_id");`);
    this.addSql(`create unique index "booking_one_active_per_rig_point" on "booking" ("class_instance_id", "rig_point_id") where "status" in ('held', 'confirmed') and "rig_point_id" is not null;`);
    this.addSql(`create unique index "booking_one_active_per_attendee" on "booking" ("class_instance_id", "attendee_id") where "status" in ('held', 'confirmed');`);
    this.addSql(`create index "booking_status_hold_expires_at_index" on "booking" ("status", "hold_expires_at");`);
    this.addSql(`create index "booking_attendee_id_status_index" on "booking" ("attendee_id", "status");`);

    this.addSql(`create table "waitlist_entry" ("id" uuid not null, "class_instance_id" uuid not null, "attendee_id" uuid not null, "requested_by_id" uuid not null, "status" text check ("status" in ('waiting', 'offered', 'claimed', 'lapsed', 'left', 'closed')) not null default 'waiting', "offered_booking_id" uuid null, "created_at" timestamptz not null default clock_timestamp(), constraint "waitlist_entry_pkey" primary key ("id"));`);
    this.addSql(`create index "waitlist_entry_attendee_id_index" on "waitlist_entry" ("attendee_id");`);
    this.addSql(`create unique index "waitlist_one_place_per_attendee" on "waitlist_entry" ("class_instance_id", "attendee_id") where "status" in ('waiting', 'offered');`);
    this.addSql(`create index "waitlist_entry_class_instance_id_status_created_at_index" on "waitlist_entry" ("class_instance_id", "status", "created_at");`);

    this.addSql(`alter table "rig_point" add constraint "rig_point_apparatus_id_foreign" foreign key ("apparatus_id") references "apparatus" ("id") on update cascade on delete cascade;`);

    this.addSql(`alter table "notification" add constraint "notification_user_id_foreign" foreign key ("user_id") references "app_user" ("id") on update cascade on delete cascade;`);

    this.addSql(`alter table "class_blueprint" add constraint "class_blueprint_apparatus_id_foreign" foreign key ("apparatus_id") references "apparatus" ("id") on update cascade on delete restrict;`);
    this.addSql(`alter table "class_blueprint" add constraint "class_blueprint_default_instructor_id_foreign" foreign key ("default_instructor_id") references "app_user" ("id") on update cascade on delete set null;`);

    this.addSql(`alter table "class_series" add constraint "class_series_blueprint_id_foreign" foreign key ("blueprint_id") references "class_blueprint" ("id") on update cascade on delete restrict;`);
    this.addSql(`alter table "class_series" add constraint "class_series_instructor_id_foreign" foreign key ("instructor_id") references "app_user" ("id") on update cascade on delete restrict;`);

    this.addSql(`alter table "class_instance" add constraint "class_instance_blueprint_id_foreign" foreign key ("blueprint_id") references "class_blueprint" ("id") on update cascade on delete restrict;`);
    this.addSql(`alter table "class_instance" add constraint "class_instance_series_id_foreign" foreign key ("series_id") references "class_series" ("id") on update cascade on delete set null;`);
    this.addSql(`alter table "class_instance" add constraint "class_instance_instructor_id_foreign" foreign key ("instructor_id") references "app_user" ("id") on update cascade on delete restrict;`);

    this.addSql(`alter table "booking" add constraint "booking_class_instance_id_foreign" foreign key ("class_instance_id") references "class_instance" ("id") on update cascade on delete restrict;`);
    this.addSql(`alter table "booking" add constraint "booking_attendee_id_foreign" foreign key ("attendee_id") references "app_user" ("id") on update cascade on delete restrict;`);
    this.addSql(`alter table "booking" add constraint "booking_booked_by_id_foreign" foreign key ("booked_by_id") references "app_user" ("id") on update cascade on delete restrict;`);
    this.addSql(`alter table "booking" add constraint "booking_rig_point_id_foreign" foreign key ("rig_point_id") references "rig_point" ("id") on update cascade on delete set null;`);

    this.addSql(`alter table "waitlist_entry" add constraint "waitlist_entry_class_instance_id_foreign" foreign key ("class_instance_id") references "class_instance" ("id") on update cascade on delete restrict;`);
    this.addSql(`alter table "waitlist_entry" add constraint "waitlist_entry_attendee_id_foreign" foreign key ("attendee_id") references "app_user" ("id") on update cascade on delete restrict;`);
    this.addSql(`alter table "waitlist_entry" add constraint "waitlist_entry_requested_by_id_foreign" foreign key ("requested_by_id") references "app_user" ("id") on update cascade on delete restrict;`);
    this.addSql(`alter table "waitlist_entry" add constraint "waitlist_entry_offered_booking_id_foreign" foreign key ("offered_booking_id") references "booking" ("id") on update cascade on delete set null;`);

    this.addSql(`alter table "app_user" add column "check_in_pin_hash" text null;`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "rig_point" drop constraint "rig_point_apparatus_id_foreign";`);

    this.addSql(`alter table "class_blueprint" drop constraint "class_blueprint_apparatus_id_foreign";`);

    this.addSql(`alter table "booking" drop constraint "booking_rig_point_id_foreign";`);

    this.addSql(`alter table "class_series" drop constraint "class_series_blueprint_id_foreign";`);

    this.addSql(`alter table "class_instance" drop constraint "class_instance_blueprint_id_foreign";`);

    this.addSql(`alter table "class_instance" drop constraint "class_instance_series_id_foreign";`);

    this.addSql(`alter table "booking" drop constraint "booking_class_instance_id_foreign";`);

    this.addSql(`alter table "waitlist_entry" drop constraint "waitlist_entry_class_instance_id_foreign";`);

    this.addSql(`alter table "waitlist_entry" drop constraint "waitlist_entry_offered_booking_id_foreign";`);

    this.addSql(`drop table if exists "apparatus" cascade;`);

    this.addSql(`drop table if exists "rig_point" cascade;`);

    this.addSql(`drop table if exists "studio_closure" cascade;`);

    this.addSql(`drop table if exists "studio_settings" cascade;`);

    this.addSql(`drop table if exists "notification" cascade;`);

    this.addSql(`drop table if exists "class_blueprint" cascade;`);

    this.addSql(`drop table if exists "class_series" cascade;`);

    this.addSql(`drop table if exists "class_instance" cascade;`);

    this.addSql(`drop table if exists "booking" cascade;`);

    this.addSql(`drop table if exists "waitlist_entry" cascade;`);

    this.addSql(`alter table "app_user" drop column "check_in_pin_hash";`);
  }

}
