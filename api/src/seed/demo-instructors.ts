import { Apparatus } from '../modules/classes/apparatus.entity.js';
import { InstructorApparatus } from '../modules/classes/instructor-apparatus.entity.js';
import { User } from '../modules/users/user.entity.js';
import type { Services } from '../services.js';

/** The demo staff's profiles: what members read on class details (no photos: their initials show instead). */
const PROFILES = [
  {
    username: 'instructor',
    apparatus: ['Silks', 'Lyra', 'Pole'],
    bio:
      'Iris came to aerial from competitive gymnastics and has taught at the studio for eight years. She loves breaking a ' +
      'scary drop into small, safe steps, and her Silks Intro is where most of our regulars took their first climb.',
  },
  {
    username: 'teacher',
    apparatus: ['Lyra', 'Trapeze', 'Hammock', 'Pole'],
    bio:
      'Theo trained in circus arts and teaches our kids’ and beginner classes. Expect playful warm-ups, lots of spins ' +
      'and a patient eye on technique; he is also the person to ask about flexibility and conditioning.',
  },
] as const;

/** Gives the demo instructor and teacher a bio and the apparatus they teach, once (a profile already written stays). */
export async function seedDemoInstructors(services: Services): Promise<void> {
  const em = services.orm.em.fork();
  for (const profile of PROFILES) {
    const person = await em.findOne(User, { username: profile.username });
    if (!person || person.bio || (await em.count(InstructorApparatus, { instructor: person.id })) > 0) continue;
    const apparatus = await em.find(Apparatus, { name: { $in: [...profile.apparatus] } });
    await services.classes.updateInstructorProfile(em, person, person.id, { bio: profile.bio, apparatusIds: apparatus.map((a) => a.id) });
  }
}
