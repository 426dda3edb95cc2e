import { Migration } from '@mikro-orm/migrations';

export class Migration20261123201500 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`alter table "pos_sale" drop constraint if exists "pos_sale_payment_method_check";`);
    this.addSql(`alter table "pos_sale_line" drop constraint if exists "pos_sale_line_category_check";`);

    this.addSql(`alter table "pos_sale" add column "invoice_id" uuid null;`);
    this.addSql(`alter table "pos_sale" add constraint "pos_sale_payment_method_check" check("payment_method" in ('cash', 'account'));`);

    this.addSql(`alter table "pos_sale_line" add column "covered_by" varchar(200) null;`);
    this.addSql(`alter table "pos_sale_line" add constraint "pos_sale_line_category_check" check("category" in ('merchandise', 'snacks', 'dropin', 'packs'));`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "pos_sale" drop constraint if exists "pos_sale_payment_method_check";`);
    this.addSql(`alter table "pos_sale_line" drop constraint if exists "pos_sale_line_category_check";`);

    this.addSql(`alter table "pos_sale" drop column "invoice_id";`);
    this.addSql(`alter table "pos_sale_line" drop column "covered_by";`);

    this.addSql(`alter table "pos_sale" add constraint "pos_sale_payment_method_check" check("payment_method" in ('cash'));`);

    this.addSql(`alter table "pos_sale_line" add constraint "pos_sale_line_category_check" check("category" in ('merchandise', 'snacks', 'dropin'));`);
  }

}
