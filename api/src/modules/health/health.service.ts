import type { EntityManager } from '@mikro-orm/postgresql';
import { emergencyContactProblems, type HealthDetailsValues } from '@studio/rules';
import { badInput } from '../../graphql/errors.js';
import type { Actor } from '../users/role.js';
import { User } from '../users/user.entity.js';
import { HealthDetails } from './health-details.entity.js';
import { assertMayEditHealth } from './health.policy.js';

const FIELDS = ['allergies', 'medicalNotes', 'emergencyContactName', 'emergencyContactPhone', 'emergencyContactRelationship'] as const;

/** Health and emergency details: one row per person, none when nothing is recorded. */
export class HealthService {
  /** Replaces a person's details with `input` (trimmed); all empty removes them. Answers the person. */
  async update(em: EntityManager, actor: Actor, personId: string, input: HealthDetailsValues): Promise<User> {
    const person = await em.findOne(User, { id: personId });
    assertMayEditHealth(actor, person);
    const values = Object.fromEntries(FIELDS.map((f) => [f, input[f].trim()])) as unknown as HealthDetailsValues;
    const problems = emergencyContactProblems(values);
    const first = Object.values(problems)[0];
    if (first) throw badInput(first, problems);
    const existing = await em.findOne(HealthDetails, { person: person.id });
    if (FIELDS.every((f) => values[f] === '')) {
      if (existing) em.remove(existing);
    } else {
      em.assign(existing ?? em.create(HealthDetails, new HealthDetails(person)), values);
    }
    await em.flush();
    return person;
  }
}
