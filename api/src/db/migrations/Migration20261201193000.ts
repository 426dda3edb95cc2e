import { Migration } from '@mikro-orm/migrations';
import { readWhole, storageOfMigrations } from '../../storage/index.js';

/**
 * Instructor photos move from database blobs (user_photo) to the file storage, one file per version at
 * `people/<user id>/photo-<version>.webp`, the version being the photo's time in milliseconds in base 36. The key is
 * spelled out here rather than imported: a migration keeps doing what it did when it ran first.
 */
const photoKey = (userId: string, updatedAt: Date | string) => `people/${userId}/photo-${new Date(updatedAt).getTime().toString(36)}.webp`;

export class Migration20261201193000 extends Migration {

  override async up(): Promise<void> {
    const photos = await this.execute(`select "user_id", "content", "content_type", "updated_at" from "user_photo"`);
    if (photos.length) {
      const storage = storageOfMigrations(this.config);
      for (const photo of photos) await storage.put(photoKey(photo.user_id, photo.updated_at), photo.content, photo.content_type);
      this.addSql(`update "app_user" as u set "photo_updated_at" = p."updated_at" from "user_photo" as p where p."user_id" = u."id";`);
    }
    this.addSql(`drop table if exists "user_photo" cascade;`);
  }

  override async down(): Promise<void> {
    await this.execute(`create table "user_photo" ("user_id" uuid not null, "content" bytea not null, "content_type" varchar(30) not null, "updated_at" timestamptz not null, constraint "user_photo_pkey" primary key ("user_id"));`);
    await this.execute(`alter table "user_photo" add constraint "user_photo_user_id_foreign" foreign key ("user_id") references "app_user" ("id") on update cascade on delete cascade;`);
    const people = await this.execute(`select "id", "photo_updated_at" from "app_user" where "photo_updated_at" is not null`);
    if (!people.length) return;
    const storage = storageOfMigrations(this.config);
    for (const person of people) {
      const file = await storage.open(photoKey(person.id, person.photo_updated_at));
      if (!file) continue;
      await this.execute(`insert into "user_photo" ("user_id", "content", "content_type", "updated_at") values (?, ?, ?, ?)`, [
        person.id,
        await readWhole(file),
        file.contentType,
        person.photo_updated_at,
      ]);
    }
    this.addSql(`update "app_user" set "photo_updated_at" = null where "photo_updated_at" is not null and "id" not in (select "user_id" from "user_photo");`);
  }

}
