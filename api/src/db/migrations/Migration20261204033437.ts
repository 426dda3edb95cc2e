import { Migration } from '@mikro-orm/migrations';

export class Migration20261204033437 extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table "class_blueprint" add column "min_age" int null, add column "max_age" int null;`);
    this.addSql(
      `alter table "class_blueprint" add constraint class_blueprint_age_range check((min_age is null or (min_age >= 0 and min_age <= 99)) and (max_age is null or (max_age >= 0 and max_age <= 99)) and (min_age is null or max_age is null or min_age <= max_age));`,
    );
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "class_blueprint" drop constraint class_blueprint_age_range;`);
    this.addSql(`alter table "class_blueprint" drop column "min_age", drop column "max_age";`);
  }
}
