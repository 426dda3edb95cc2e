import { Migration } from '@mikro-orm/migrations';

export class Migration20261201232312 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`alter table "class_blueprint" add column "booking_gated" boolean not null default false;`);
    this.addSql(`create type "move_side" as enum ('both', 'left', 'right');`);
    this.addSql(`create type "move_state" as enum ('not_started', 'learning', 'needs_spot', 'solid', 'signed_off');`);
    this.addSql(`create type "move_change_kind" as enum ('state', 'attempt', 'placement', 'sign_off_request', 'note');`);
    this.addSql(`create table "move" ("id" uuid not null, "apparatus_id" uuid not null, "name" varchar(100) not null, "aliases" text[] not null default '{}', "level" int not null, "description" text not null default '', "safety_notes" text not null default '', "prerequisite_ids" text[] not null default '{}', "has_sides" boolean not null default false, "image_key" varchar(300) null, "clean_reps" int null, "clean_days" int null, "archived_at" timestamptz null, "created_at" timestamptz not null default now(), constraint "move_pkey" primary key ("id"), constraint move_clearance_positive check ((clean_reps is null or clean_reps >= 1) and (clean_days is null or clean_days >= 1)), constraint move_level_range check (level >= 1 and level <= 10));`);
    this.addSql(`create index "move_apparatus_id_index" on "move" ("apparatus_id");`);
    this.addSql(`alter table "move" add constraint "move_apparatus_id_name_unique" unique ("apparatus_id", "name");`);

    this.addSql(`create table "move_level" ("id" uuid not null, "apparatus_id" uuid not null, "number" int not null, "name" varchar(100) not null, "required_move_ids" text[] not null default '{}', "clean_reps" int not null default 1, "clean_days" int not null default 1, constraint "move_level_pkey" primary key ("id"), constraint move_level_clearance_positive check (clean_reps >= 1 and clean_days >= 1), constraint move_level_number_range check (number >= 1 and number <= 10));`);
    this.addSql(`alter table "move_level" add constraint "move_level_apparatus_id_number_unique" unique ("apparatus_id", "number");`);

    this.addSql(`create table "move_settings" ("id" int not null default 1, "refresh_days" int not null default 120, "refresh_counts_for_booking" boolean not null default true, "parents_may_mark_learning" boolean not null default false, constraint "move_settings_pkey" primary key ("id"), constraint move_settings_refresh_days_positive check (refresh_days >= 1), constraint move_settings_single_row check (id = 1));`);

    this.addSql(`create table "sign_off_request" ("id" uuid not null, "student_id" uuid not null, "move_id" uuid not null, "note" text not null default '', "created_at" timestamptz not null default now(), "closed_at" timestamptz null, constraint "sign_off_request_pkey" primary key ("id"));`);
    this.addSql(`create index "sign_off_request_student_id_closed_at_index" on "sign_off_request" ("student_id", "closed_at");`);

    this.addSql(`create table "move_progress" ("id" uuid not null, "student_id" uuid not null, "move_id" uuid not null, "side" "move_side" not null, "state" "move_state" not null, "updated_at" timestamptz not null default now(), "signed_off_at" timestamptz null, "signed_off_by_id" uuid null, constraint "move_progress_pkey" primary key ("id"));`);
    this.addSql(`create index "move_progress_move_id_index" on "move_progress" ("move_id");`);
    this.addSql(`alter table "move_progress" add constraint "move_progress_student_id_move_id_side_unique" unique ("student_id", "move_id", "side");`);

    this.addSql(`create table "move_history_entry" ("id" uuid not null, "student_id" uuid not null, "move_id" uuid null, "move_name" varchar(100) not null, "apparatus_name" varchar(50) not null, "kind" "move_change_kind" not null, "side" "move_side" not null default 'both', "from_state" "move_state" null, "to_state" "move_state" null, "clean_reps" int null, "note" text not null default '', "by_id" uuid not null, "by_name" varchar(200) not null, "at" timestamptz not null default now(), "operation_id" varchar(100) null, constraint "move_history_entry_pkey" primary key ("id"));`);
    this.addSql(`alter table "move_history_entry" add constraint "move_history_entry_operation_id_unique" unique ("operation_id");`);
    this.addSql(`create index "move_history_entry_student_id_at_index" on "move_history_entry" ("student_id", "at");`);

    this.addSql(`create table "move_attempt" ("id" uuid not null, "student_id" uuid not null, "move_id" uuid not null, "side" "move_side" not null, "clean_reps" int not null, "day" date not null, "recorded_by_id" uuid not null, "at" timestamptz not null default now(), constraint "move_attempt_pkey" primary key ("id"));`);
    this.addSql(`create index "move_attempt_student_id_move_id_index" on "move_attempt" ("student_id", "move_id");`);

    this.addSql(`create table "level_placement" ("id" uuid not null, "student_id" uuid not null, "apparatus_id" uuid not null, "level" int not null, "reason" text not null default '', "by_id" uuid not null, "at" timestamptz not null default now(), constraint "level_placement_pkey" primary key ("id"));`);
    this.addSql(`create index "level_placement_student_id_index" on "level_placement" ("student_id");`);

    this.addSql(`create table "class_move_requirement" ("id" uuid not null, "blueprint_id" uuid not null, "apparatus_id" uuid null, "level" int null, "move_ids" text[] not null default '{}', constraint "class_move_requirement_pkey" primary key ("id"), constraint class_move_requirement_level_range check (level is null or (level >= 1 and level <= 10)));`);
    this.addSql(`alter table "class_move_requirement" add constraint "class_move_requirement_blueprint_id_unique" unique ("blueprint_id");`);

    this.addSql(`create table "move_override" ("id" uuid not null, "attendee_id" uuid not null, "class_instance_id" uuid null, "until" date null, "reason" text not null, "by_id" uuid not null, "created_at" timestamptz not null default now(), constraint "move_override_pkey" primary key ("id"), constraint move_override_scope check (class_instance_id is not null or until is not null));`);
    this.addSql(`create index "move_override_attendee_id_index" on "move_override" ("attendee_id");`);

    this.addSql(`alter table "move" add constraint "move_apparatus_id_foreign" foreign key ("apparatus_id") references "apparatus" ("id") on update cascade on delete restrict;`);

    this.addSql(`alter table "move_level" add constraint "move_level_apparatus_id_foreign" foreign key ("apparatus_id") references "apparatus" ("id") on update cascade on delete cascade;`);

    this.addSql(`alter table "sign_off_request" add constraint "sign_off_request_student_id_foreign" foreign key ("student_id") references "app_user" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "sign_off_request" add constraint "sign_off_request_move_id_foreign" foreign key ("move_id") references "move" ("id") on update cascade on delete cascade;`);

    this.addSql(`alter table "move_progress" add constraint "move_progress_student_id_foreign" foreign key ("student_id") references "app_user" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "move_progress" add constraint "move_progress_move_id_foreign" foreign key ("move_id") references "move" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "move_progress" add constraint "move_progress_signed_off_by_id_foreign" foreign key ("signed_off_by_id") references "app_user" ("id") on update cascade on delete set null;`);

    this.addSql(`alter table "move_history_entry" add constraint "move_history_entry_student_id_foreign" foreign key ("student_id") references "app_user" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "move_history_entry" add constraint "move_history_entry_move_id_foreign" foreign key ("move_id") references "move" ("id") on update cascade on delete set null;`);
    this.addSql(`alter table "move_history_entry" add constraint "move_history_entry_by_id_foreign" foreign key ("by_id") references "app_user" ("id") on update cascade on delete cascade;`);

    this.addSql(`alter table "move_attempt" add constraint "move_attempt_student_id_foreign" foreign key ("student_id") references "app_user" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "move_attempt" add constraint "move_attempt_move_id_foreign" foreign key ("move_id") references "move" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "move_attempt" add constraint "move_attempt_recorded_by_id_foreign" foreign key ("recorded_by_id") references "app_user" ("id") on update cascade on delete cascade;`);

    this.addSql(`alter table "level_placement" add constraint "level_placement_student_id_foreign" foreign key ("student_id") references "app_user" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "level_placement" add constraint "level_placement_apparatus_id_foreign" foreign key ("apparatus_id") references "apparatus" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "level_placement" add constraint "level_placement_by_id_foreign" foreign key ("by_id") references "app_user" ("id") on update cascade on delete cascade;`);

    this.addSql(`alter table "class_move_requirement" add constraint "class_move_requirement_blueprint_id_foreign" foreign key ("blueprint_id") references "class_blueprint" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "class_move_requirement" add constraint "class_move_requirement_apparatus_id_foreign" foreign key ("apparatus_id") references "apparatus" ("id") on update cascade on delete cascade;`);

    this.addSql(`alter table "move_override" add constraint "move_override_attendee_id_foreign" foreign key ("attendee_id") references "app_user" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "move_override" add constraint "move_override_class_instance_id_foreign" foreign key ("class_instance_id") references "class_instance" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "move_override" add constraint "move_override_by_id_foreign" foreign key ("by_id") references "app_user" ("id") on update cascade on delete cascade;`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "sign_off_request" drop constraint "sign_off_request_move_id_foreign";`);

    this.addSql(`alter table "move_progress" drop constraint "move_progress_move_id_foreign";`);

    this.addSql(`alter table "move_history_entry" drop constraint "move_history_entry_move_id_foreign";`);

    this.addSql(`alter table "move_attempt" drop constraint "move_attempt_move_id_foreign";`);

    this.addSql(`drop table if exists "move" cascade;`);

    this.addSql(`drop table if exists "move_level" cascade;`);

    this.addSql(`drop table if exists "move_settings" cascade;`);

    this.addSql(`drop table if exists "sign_off_request" cascade;`);

    this.addSql(`drop table if exists "move_progress" cascade;`);

    this.addSql(`drop table if exists "move_history_entry" cascade;`);

    this.addSql(`drop table if exists "move_attempt" cascade;`);

    this.addSql(`drop table if exists "level_placement" cascade;`);

    this.addSql(`drop table if exists "class_move_requirement" cascade;`);

    this.addSql(`drop table if exists "move_override" cascade;`);

    this.addSql(`drop type "move_side";`);
    this.addSql(`drop type "move_state";`);
    this.addSql(`drop type "move_change_kind";`);
    this.addSql(`alter table "class_blueprint" drop column "booking_gated";`);
  }

}
