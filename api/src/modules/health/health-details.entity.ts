import { Check, Entity, OneToOne, OptionalProps, PrimaryKey, Property, types } from '@mikro-orm/core';
import { HEALTH_LIMITS } from '@studio/rules';
import { randomUUID } from 'node:crypto';
import { Field, ObjectType } from 'type-graphql';
import { HealthData } from '../../graphql/access.js';
import { User } from '../users/user.entity.js';

const L = HEALTH_LIMITS;

/**
 * One person's health and emergency details (a member themselves or a parent's family member): what an instructor
 * needs to know before a class. One row per person; no row means nothing recorded. Texts are empty when not given.
 */
@ObjectType({ description: "A person's allergies, medical notes and emergency contact (empty text: not given)" })
@Entity()
@Check({
  name: 'health_details_lengths',
  expression:
    `char_length(allergies) <= ${L.allergies} and char_length(medical_notes) <= ${L.medicalNotes}` +
    ` and char_length(emergency_contact_name) <= ${L.emergencyContactName}` +
    ` and char_length(emergency_contact_phone) <= ${L.emergencyContactPhone}` +
    ` and char_length(emergency_contact_relationship) <= ${L.emergencyContactRelationship}`,
})
// Nothing recorded is no row, never a row of empty texts.
@Check({
  name: 'health_details_not_empty',
  expression:
    'char_length(allergies) >= 1 or char_length(medical_notes) >= 1 or char_length(emergency_contact_name) >= 1 or char_length(emergency_contact_phone) >= 1 or char_length(emergency_contact_relationship) >= 1',
})
export class HealthDetails {
  [OptionalProps]?: 'updatedAt';

  @PrimaryKey({ type: 'uuid' }) id: string = randomUUID();

  @OneToOne(() => User, { owner: true, unique: true, deleteRule: 'cascade' })
  person: User;

  @Field({ description: 'Allergies, e.g. "Peanuts (carries an EpiPen)"' })
  @HealthData()
  @Property({ type: 'text', default: '' })
  allergies: string = '';

  @Field({ description: 'Conditions, medication, injuries an instructor should know about' })
  @HealthData()
  @Property({ type: 'text', default: '' })
  medicalNotes: string = '';

  @Field() @HealthData() @Property({ type: 'text', default: '' }) emergencyContactName: string = '';
  @Field() @HealthData() @Property({ type: 'text', default: '' }) emergencyContactPhone: string = '';
  @Field({ description: 'e.g. "Grandmother"' })
  @HealthData()
  @Property({ type: 'text', default: '' })
  emergencyContactRelationship: string = '';

  @Field({ description: 'When the details were last changed' })
  @HealthData()
  @Property({ type: types.datetime, defaultRaw: 'now()', onUpdate: () => new Date() })
  updatedAt: Date = new Date();

  constructor(person: User) {
    this.person = person;
  }
}
