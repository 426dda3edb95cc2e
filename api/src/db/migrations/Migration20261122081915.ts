import { Migration } from '@mikro-orm/migrations';

export class Migration20261122081915 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`alter table "class_series" add column "cancelled_at" timestamptz null;`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "class_series" drop column "cancelled_at";`);
  }

}
