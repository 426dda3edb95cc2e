import { Migration } from '@mikro-orm/migrations';

export class Migration20261123080855 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`alter table "waiver_signature" add column "typed_name" varchar(200) null, add column "drawing" text null;`);
    this.addSql(`alter table "waiver_signature" add constraint waiver_signature_drawing_check check(drawing is null or (typed_name is not null and length(drawing) <= 20000 and drawing like 'data:image/png;base64,%'));`);
    this.addSql(`alter table "waiver_signature" add constraint waiver_signature_typed_name_check check(typed_name is null or length(btrim(typed_name)) between 1 and 200);`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "waiver_signature" drop constraint waiver_signature_drawing_check;`);
    this.addSql(`alter table "waiver_signature" drop constraint waiver_signature_typed_name_check;`);
    this.addSql(`alter table "waiver_signature" drop column "typed_name", drop column "drawing";`);
  }

}
