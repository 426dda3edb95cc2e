import { Field, ID, ObjectType } from 'type-graphql';
import type { User } from './user.entity.js';

/** What anyone may see of a person in public places (the schedule, the kiosk): the name only. */
@ObjectType({ description: 'A person shown by name only (instructors on the public schedule)' })
export class PersonSummary {
  @Field(() => ID) id: string;
  @Field() firstName: string;
  @Field() lastName: string;
  @Field({ description: 'First and last name' }) name: string;
}

export function summarize(user: User): PersonSummary {
  return { id: user.id, firstName: user.firstName, lastName: user.lastName, name: `${user.firstName} ${user.lastName}` };
}
