import { Migration } from '@mikro-orm/migrations';

export class Migration20261204205559 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`alter table "landing_page_config" add column "intro_offer_title" varchar(80) not null default '', add column "intro_offer_text" varchar(300) not null default '', add column "intro_offer_cta" varchar(40) not null default '', add column "intro_offer_link" varchar(500) not null default '', add column "visit_address" varchar(300) not null default '', add column "visit_hours" varchar(500) not null default '', add column "contact_phone" varchar(30) not null default '', add column "contact_email" varchar(254) not null default '';`);
    // The old default social links pointed at the bare sites: a studio that never changed them had links to nowhere.
    this.addSql(
      `update "landing_page_config" set "social_links" = '[]'::jsonb where "social_links" = '[{"url": "https://instagram.com/", "label": "Instagram"}, {"url": "https://facebook.com/", "label": "Facebook"}, {"url": "https://youtube.com/", "label": "YouTube"}]'::jsonb;`,
    );
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "landing_page_config" drop column "intro_offer_title", drop column "intro_offer_text", drop column "intro_offer_cta", drop column "intro_offer_link", drop column "visit_address", drop column "visit_hours", drop column "contact_phone", drop column "contact_email";`);
  }

}
