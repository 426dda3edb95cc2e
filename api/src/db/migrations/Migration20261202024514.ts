import { Migration } from '@mikro-orm/migrations';

export class Migration20261202024514 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`alter table "membership" add column "duplicate" boolean not null default false;`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "membership" drop column "duplicate";`);
  }

}
