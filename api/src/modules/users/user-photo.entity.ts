import { Entity, OneToOne, PrimaryKeyProp, Property, types } from '@mikro-orm/core';
import { User } from './user.entity.js';

/**
 * A person's photo (instructors and teachers: see hasInstructorProfile), scaled down and re-encoded as WebP when it
 * was uploaded. Kept apart from app_user so loading people never reads image bytes.
 */
@Entity({ tableName: 'user_photo' })
export class UserPhoto {
  [PrimaryKeyProp]?: 'user';

  @OneToOne(() => User, { primary: true, owner: true, deleteRule: 'cascade', updateRule: 'cascade' })
  user: User;

  @Property({ type: types.blob, lazy: true })
  content: Buffer;

  @Property({ length: 30 })
  contentType: string;

  @Property({ type: types.datetime })
  updatedAt: Date;

  constructor(user: User, content: Buffer, contentType: string, updatedAt: Date) {
    this.user = user;
    this.content = content;
    this.contentType = contentType;
    this.updatedAt = updatedAt;
  }
}
