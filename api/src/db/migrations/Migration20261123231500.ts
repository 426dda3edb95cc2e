import { Migration } from '@mikro-orm/migrations';

export class Migration20261123231500 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`alter table "membership" add column "provider_paused_until" timestamptz null, add column "refunded_cents" int null;`);

    this.addSql(`alter table "shop_order" add column "provider_period_end" timestamptz null;`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "membership" drop column "provider_paused_until", drop column "refunded_cents";`);

    this.addSql(`alter table "shop_order" drop column "provider_period_end";`);
  }

}
