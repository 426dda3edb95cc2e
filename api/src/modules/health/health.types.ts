import { allergies, emergencyContactName, emergencyContactPhone, emergencyContactRelationship, medicalNotes } from '@studio/rules';
import { Field, InputType } from 'type-graphql';
import { Rule } from '../../common/validators.js';

@InputType({ description: 'The whole set of health and emergency details; empty text clears a field, all empty clears them' })
export class HealthDetailsInput {
  @Field({ defaultValue: '' }) @Rule(allergies) allergies: string;
  @Field({ defaultValue: '' }) @Rule(medicalNotes) medicalNotes: string;
  @Field({ defaultValue: '' }) @Rule(emergencyContactName) emergencyContactName: string;
  @Field({ defaultValue: '', description: 'Digits, spaces and + ( ) - . like any phone' })
  @Rule(emergencyContactPhone)
  emergencyContactPhone: string;
  @Field({ defaultValue: '' }) @Rule(emergencyContactRelationship) emergencyContactRelationship: string;
}
