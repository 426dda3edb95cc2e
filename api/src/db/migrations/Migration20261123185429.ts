import { Migration } from '@mikro-orm/migrations';

export class Migration20261123185429 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create table "invoice" ("id" uuid not null, "number" int not null, "member_id" uuid not null, "status" text check ("status" in ('draft', 'open', 'paid', 'void', 'uncollectible')) not null default 'draft', "due_date" date not null, "memo" text not null default '', "total_cents" int not null, "sent_at" timestamptz null, "paid_at" timestamptz null, "payment_method" text check ("payment_method" in ('card', 'cash', 'bank_transfer')) null, "payment_reference" varchar(200) null, "order_id" uuid null, "paid_by_id" uuid null, "voided_at" timestamptz null, "uncollectible_at" timestamptz null, "status_reason" varchar(500) null, "reminders_sent" int not null default 0, "variant_id" uuid null, "created_by_id" uuid null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), constraint "invoice_pkey" primary key ("id"), constraint invoice_void_has_time check ((status = 'void') = (voided_at is not null)), constraint invoice_sent_unless_draft check (status = 'draft' or status = 'void' or sent_at is not null), constraint invoice_paid_has_payment check ((status = 'paid') = (paid_at is not null and payment_method is not null)), constraint invoice_reminders_range check (reminders_sent >= 0 and reminders_sent <= 10), constraint invoice_number_positive check (number >= 1), constraint invoice_total_nonnegative check (total_cents >= 0));`);
    this.addSql(`alter table "invoice" add constraint "invoice_number_unique" unique ("number");`);
    this.addSql(`create index "invoice_member_id_index" on "invoice" ("member_id");`);
    this.addSql(`alter table "invoice" add constraint "invoice_variant_id_unique" unique ("variant_id");`);
    this.addSql(`create index "invoice_created_at_index" on "invoice" ("created_at");`);
    this.addSql(`create index "invoice_status_due_date_index" on "invoice" ("status", "due_date");`);

    this.addSql(`create table "invoice_line" ("id" uuid not null, "invoice_id" uuid not null, "position" int not null, "description" varchar(200) not null, "quantity" int not null, "unit_cents" int not null, constraint "invoice_line_pkey" primary key ("id"), constraint invoice_line_quantity_range check (quantity >= 1 and quantity <= 1000));`);
    this.addSql(`create index "invoice_line_invoice_id_index" on "invoice_line" ("invoice_id");`);

    this.addSql(`alter table "invoice" add constraint "invoice_member_id_foreign" foreign key ("member_id") references "app_user" ("id") on update cascade on delete restrict;`);
    this.addSql(`alter table "invoice" add constraint "invoice_paid_by_id_foreign" foreign key ("paid_by_id") references "app_user" ("id") on update cascade on delete set null;`);
    this.addSql(`alter table "invoice" add constraint "invoice_variant_id_foreign" foreign key ("variant_id") references "product_variant" ("id") on update cascade on delete set null;`);
    this.addSql(`alter table "invoice" add constraint "invoice_created_by_id_foreign" foreign key ("created_by_id") references "app_user" ("id") on update cascade on delete set null;`);

    this.addSql(`alter table "invoice_line" add constraint "invoice_line_invoice_id_foreign" foreign key ("invoice_id") references "invoice" ("id") on update cascade on delete cascade;`);

    // The legal status changes (invoice.policy's INVOICE_TRANSITIONS), held by the database too.
    this.addSql(`create function invoice_status_transition() returns trigger language plpgsql as $$
      begin
        if new.status is distinct from old.status and not (
             (old.status = 'draft' and new.status in ('open', 'void'))
          or (old.status = 'open' and new.status in ('paid', 'void', 'uncollectible'))
          or (old.status = 'uncollectible' and new.status in ('paid', 'void'))
        ) then
          raise exception 'invoice % cannot go from % to %', old.number, old.status, new.status using errcode = 'check_violation';
        end if;
        return new;
      end $$;`);
    this.addSql(`create trigger invoice_status_transition before update of status on "invoice" for each row execute function invoice_status_transition();`);


  }

  override async down(): Promise<void> {
    this.addSql(`alter table "invoice_line" drop constraint "invoice_line_invoice_id_foreign";`);

    this.addSql(`drop table if exists "invoice" cascade;`);
    this.addSql(`drop function if exists invoice_status_transition();`);

    this.addSql(`drop table if exists "invoice_line" cascade;`);


  }

}
