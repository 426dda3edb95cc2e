import { Migration } from '@mikro-orm/migrations';

/** Late-cancellation and no-show fees: the studio's amounts, and the fee charged on a booking (once, with its invoice). */
export class Migration20261123215739 extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `alter table "studio_settings" add column "late_cancel_fee_cents" int not null default 0, add column "no_show_fee_cents" int not null default 0;`,
    );
    this.addSql(
      `alter table "studio_settings" add constraint studio_settings_fees_nonnegative check(late_cancel_fee_cents >= 0 and no_show_fee_cents >= 0);`,
    );

    this.addSql(`alter table "booking" add column "fee_cents" int not null default 0, add column "fee_invoice_id" uuid null;`);
    this.addSql(`alter table "booking" add constraint "booking_fee_invoice_id_unique" unique ("fee_invoice_id");`);
    this.addSql(`alter table "booking" add constraint booking_fee_nonnegative check(fee_cents >= 0);`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "booking" drop constraint "booking_fee_invoice_id_unique";`);
    this.addSql(`alter table "booking" drop constraint booking_fee_nonnegative;`);
    this.addSql(`alter table "booking" drop column "fee_cents", drop column "fee_invoice_id";`);

    this.addSql(`alter table "studio_settings" drop constraint studio_settings_fees_nonnegative;`);
    this.addSql(`alter table "studio_settings" drop column "late_cancel_fee_cents", drop column "no_show_fee_cents";`);
  }
}
