import { Entity, ManyToOne, PrimaryKeyProp } from '@mikro-orm/core';
import { User } from '../users/user.entity.js';
import { Apparatus } from './apparatus.entity.js';

/** An apparatus an instructor or teacher teaches, as their profile lists it (PersonSummary.apparatuses). */
@Entity({ tableName: 'instructor_apparatus' })
export class InstructorApparatus {
  [PrimaryKeyProp]?: ['instructor', 'apparatus'];

  @ManyToOne(() => User, { primary: true, deleteRule: 'cascade' })
  instructor: User;

  @ManyToOne(() => Apparatus, { primary: true, deleteRule: 'cascade', index: true })
  apparatus: Apparatus;

  constructor(instructor: User, apparatus: Apparatus) {
    this.instructor = instructor;
    this.apparatus = apparatus;
  }
}
