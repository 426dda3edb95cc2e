import { fullName } from '@studio/rules';
import { Field, ID, ObjectType } from 'type-graphql';
import type { User } from './user.entity.js';
import { isProfilePublic } from './user.policy.js';

/**
 * What anyone may see of a person in public places (the schedule, the kiosk): the name, and for instructors and
 * teachers their profile (bio, photo; the apparatus they teach comes from the classes module).
 */
@ObjectType({ description: 'A person shown by name, with the instructor profile for staff (instructors on the public schedule)' })
export class PersonSummary {
  @Field(() => ID) id: string;
  @Field() firstName: string;
  @Field() lastName: string;
  @Field({ description: 'First and last name' }) name: string;
  @Field({ description: "An instructor's or teacher's words about themselves; empty for everyone else" }) bio: string;
  @Field(() => String, {
    nullable: true,
    description: 'Path of the photo (GET, no sign-in; a new path whenever the photo changes); null when there is none',
  })
  photoUrl: string | null;
}

/** Where a person's photo is served: its version in the query, so a changed photo is a new address (cached for good). */
export function photoPath(user: Pick<User, 'id' | 'photoUpdatedAt'>): string | null {
  return user.photoUpdatedAt ? `/api/instructors/${user.id}/photo?v=${photoVersion(user.photoUpdatedAt)}` : null;
}

export function photoVersion(updatedAt: Date): string {
  return updatedAt.getTime().toString(36);
}

export function summarize(user: User): PersonSummary {
  const profile = isProfilePublic(user);
  return {
    id: user.id,
    firstName: user.firstName,
    lastName: user.lastName,
    name: fullName(user),
    bio: profile ? user.bio : '',
    photoUrl: profile ? photoPath(user) : null,
  };
}
