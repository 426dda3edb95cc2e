import { Migration } from '@mikro-orm/migrations';

export class Migration20261123221145 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`alter table "order_line" drop constraint if exists "order_line_kind_check";`);

    this.addSql(`alter table "shop_order" add column "provider_invoice_id" varchar(255) null, add column "provider_subscription_id" varchar(255) null;`);
    this.addSql(`alter table "shop_order" add constraint "shop_order_provider_invoice_id_unique" unique ("provider_invoice_id");`);
    this.addSql(`create index "shop_order_provider_subscription_id_index" on "shop_order" ("provider_subscription_id");`);

    this.addSql(`alter table "order_line" add constraint "order_line_kind_check" check("kind" in ('class', 'product', 'membership'));`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "order_line" drop constraint if exists "order_line_kind_check";`);

    this.addSql(`alter table "order_line" add constraint "order_line_kind_check" check("kind" in ('class', 'product'));`);

    this.addSql(`alter table "shop_order" drop constraint "shop_order_provider_invoice_id_unique";`);
    this.addSql(`drop index "shop_order_provider_subscription_id_index";`);
    this.addSql(`alter table "shop_order" drop column "provider_invoice_id", drop column "provider_subscription_id";`);
  }

}
