import { Migration } from '@mikro-orm/migrations';

export class Migration20261203165426 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create table "import_mapping" ("id" uuid not null, "kind" varchar(20) not null, "source" varchar(40) not null, "header_key" text not null, "mapping" jsonb not null, "updated_at" timestamptz not null default now(), constraint "import_mapping_pkey" primary key ("id"));`);
    this.addSql(`alter table "import_mapping" add constraint "import_mapping_kind_source_header_key_unique" unique ("kind", "source", "header_key");`);

    this.addSql(`create table "import_batch" ("id" uuid not null, "kind" varchar(20) not null, "source" varchar(40) not null, "filename" varchar(200) not null, "storage_key" varchar(200) not null, "headers" jsonb not null, "mapping" jsonb not null, "row_count" int not null, "sample" jsonb not null, "state" text check ("state" in ('uploaded', 'queued', 'checking', 'checked', 'importing', 'imported', 'cancelled', 'failed', 'undone')) not null default 'uploaded', "dry_run" boolean not null default false, "skip_failing_rows" boolean not null default false, "processed" int not null default 0, "report" jsonb null, "failure" text null, "cancel_requested_at" timestamptz null, "heartbeat_at" timestamptz null, "attempts" int not null default 0, "created_by_id" uuid not null, "created_at" timestamptz not null default now(), "finished_at" timestamptz null, "undone_at" timestamptz null, constraint "import_batch_pkey" primary key ("id"));`);
    this.addSql(`create index "import_batch_state_heartbeat_at_index" on "import_batch" ("state", "heartbeat_at");`);

    this.addSql(`create table "import_record" ("id" uuid not null, "batch_id" uuid not null, "table_name" varchar(40) not null, "record_id" uuid not null, "action" varchar(10) not null, "before" jsonb null, "stamped_at" timestamptz not null, "line" int not null, "external_id" varchar(100) null, "note" text null, constraint "import_record_pkey" primary key ("id"));`);
    this.addSql(`create index "import_record_external_id_index" on "import_record" ("external_id");`);
    this.addSql(`create index "import_record_batch_id_index" on "import_record" ("batch_id");`);

    this.addSql(`alter table "import_batch" add constraint "import_batch_created_by_id_foreign" foreign key ("created_by_id") references "app_user" ("id") on update cascade on delete restrict;`);

    this.addSql(`alter table "import_record" add constraint "import_record_batch_id_foreign" foreign key ("batch_id") references "import_batch" ("id") on update cascade on delete cascade;`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "import_record" drop constraint "import_record_batch_id_foreign";`);

    this.addSql(`drop table if exists "import_mapping" cascade;`);

    this.addSql(`drop table if exists "import_batch" cascade;`);

    this.addSql(`drop table if exists "import_record" cascade;`);
  }

}
