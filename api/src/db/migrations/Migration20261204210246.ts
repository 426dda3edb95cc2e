import { Migration } from '@mikro-orm/migrations';

export class Migration20261204210246 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create table "health_details" ("id" uuid not null, "person_id" uuid not null, "allergies" text not null default '', "medical_notes" text not null default '', "emergency_contact_name" text not null default '', "emergency_contact_phone" text not null default '', "emergency_contact_relationship" text not null default '', "updated_at" timestamptz not null default now(), constraint "health_details_pkey" primary key ("id"), constraint health_details_not_empty check (char_length(allergies) >= 1 or char_length(medical_notes) >= 1 or char_length(emergency_contact_name) >= 1 or char_length(emergency_contact_phone) >= 1 or char_length(emergency_contact_relationship) >= 1), constraint health_details_lengths check (char_length(allergies) <= 500 and char_length(medical_notes) <= 2000 and char_length(emergency_contact_name) <= 100 and char_length(emergency_contact_phone) <= 30 and char_length(emergency_contact_relationship) <= 50));`);
    this.addSql(`alter table "health_details" add constraint "health_details_person_id_unique" unique ("person_id");`);

    this.addSql(`alter table "health_details" add constraint "health_details_person_id_foreign" foreign key ("person_id") references "app_user" ("id") on update cascade on delete cascade;`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "health_details" cascade;`);
  }

}
