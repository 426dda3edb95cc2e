import { Entity, ManyToOne, PrimaryKey, Property, Unique, types } from '@mikro-orm/core';
import { randomUUID } from 'node:crypto';
import { User } from '../users/user.entity.js';
import { WaiverDocument } from './waiver-document.entity.js';

/** That `person` was reminded by email to sign `document` on `day` (the studio's date): at most once a day per version. */
@Entity()
@Unique({ properties: ['person', 'document', 'day'] })
export class WaiverReminder {
  @PrimaryKey({ type: 'uuid' })
  id: string = randomUUID();

  @ManyToOne(() => User, { deleteRule: 'cascade' })
  person: User;

  @ManyToOne(() => WaiverDocument, { deleteRule: 'cascade' })
  document: WaiverDocument;

  /** YYYY-MM-DD in the studio's time zone. */
  @Property({ type: types.date })
  day: string;

  @Property({ type: types.datetime, defaultRaw: 'now()' })
  sentAt: Date = new Date();
}
