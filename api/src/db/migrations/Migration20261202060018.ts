import { Migration } from '@mikro-orm/migrations';

export class Migration20261202060018 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create table "job_run" ("id" uuid not null, "queue" varchar(100) not null, "job_id" uuid not null, "attempt" int not null, "trigger" text check ("trigger" in ('schedule', 'run_now', 'retry', 'sent')) not null, "state" text check ("state" in ('active', 'completed', 'failed')) not null default 'active', "started_at" timestamptz not null default now(), "finished_at" timestamptz null, "duration_ms" int null, "processed" int null, "error" varchar(300) null, constraint "job_run_pkey" primary key ("id"));`);
    this.addSql(`create index "job_run_job_id_index" on "job_run" ("job_id");`);
    this.addSql(`create index "job_run_queue_started_at_index" on "job_run" ("queue", "started_at");`);

    this.addSql(`create table "paused_schedule" ("queue" varchar(100) not null, "paused_at" timestamptz not null default now(), constraint "paused_schedule_pkey" primary key ("queue"));`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "job_run" cascade;`);

    this.addSql(`drop table if exists "paused_schedule" cascade;`);
  }

}
