import { Entity, Enum, OneToOne, PrimaryKeyProp } from '@mikro-orm/core';
import { Field, ObjectType } from 'type-graphql';
import { User } from '../users/user.entity.js';
import { NotificationType } from './notification.entity.js';

/** Which kinds of notification a person also gets by email (through the outbox). No row: none. */
@ObjectType({ description: 'Which notifications also come by email' })
@Entity()
export class NotificationPreferences {
  [PrimaryKeyProp]?: 'user';

  @OneToOne(() => User, { primary: true, owner: true, deleteRule: 'cascade', updateRule: 'cascade' })
  user: User;

  @Field(() => [NotificationType], { description: 'The types that also come by email' })
  @Enum({ items: () => NotificationType, array: true, default: [] })
  emailTypes: NotificationType[] = [];

  constructor(user: User) {
    this.user = user;
  }
}
