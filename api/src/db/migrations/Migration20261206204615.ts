import { Migration } from '@mikro-orm/migrations';

export class Migration20261206204615 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create type "sign_off_outcome" as enum ('approved', 'rejected');`);
    this.addSql(`alter table "sign_off_request" add column "outcome" "sign_off_outcome" null, add column "response" text not null default '', add column "closed_by_id" uuid null;`);
    this.addSql(`alter table "sign_off_request" add constraint "sign_off_request_closed_by_id_foreign" foreign key ("closed_by_id") references "app_user" ("id") on update cascade on delete set null;`);
    // Requests closed before outcomes were kept were all closed by a sign-off.
    this.addSql(`update "sign_off_request" set "outcome" = 'approved' where "closed_at" is not null;`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "sign_off_request" drop constraint "sign_off_request_closed_by_id_foreign";`);

    this.addSql(`alter table "sign_off_request" drop column "outcome", drop column "response", drop column "closed_by_id";`);

    this.addSql(`drop type "sign_off_outcome";`);
  }

}
