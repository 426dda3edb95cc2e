import type { EntityManager } from '@mikro-orm/postgresql';
import { badInput, conflict, notFound } from '../../../graphql/errors.js';
import type { Actor } from '../../users/role.js';
import { User } from '../../users/user.entity.js';
import { publicProfileScope } from '../../users/user.policy.js';
import { Apparatus, RigPoint } from '../apparatus.entity.js';
import { InstructorApparatus } from '../instructor-apparatus.entity.js';
import { ClassBlueprint } from '../class-blueprint.entity.js';
import { BlueprintData } from '../class-data.js';
import { ClassParts } from '../class-parts.js';
import { ageRangeProblem } from '@studio/rules';

function assertAgeRange(blueprint: ClassBlueprint): void {
  const problem = ageRangeProblem(blueprint.minAge, blueprint.maxAge);
  if (problem) throw badInput(problem, { maxAge: problem });
}

/** What classes are made of: blueprints (class types), apparatus and their rig points, instructors' profiles. */
export class ClassSetupService extends ClassParts {
  async createBlueprint(em: EntityManager, data: BlueprintData): Promise<ClassBlueprint> {
    const blueprint = em.create(ClassBlueprint, {
      name: data.name.trim(),
      description: data.description?.trim() ?? '',
      apparatus: await this.apparatus(em, data.apparatusId),
      level: data.level,
      durationMinutes: data.durationMinutes,
      defaultCapacity: data.defaultCapacity,
      dropInPriceCents: data.dropInPriceCents,
      defaultInstructor: data.defaultInstructorId ? await this.staffMember(em, data.defaultInstructorId, 'defaultInstructorId') : null,
      usesRigPoints: data.usesRigPoints ?? false,
      minAge: data.minAge ?? null,
      maxAge: data.maxAge ?? null,
    });
    assertAgeRange(blueprint);
    await em.flush();
    return blueprint;
  }

  async updateBlueprint(
    em: EntityManager,
    id: string,
    data: Partial<BlueprintData> & { isActive?: boolean | null },
  ): Promise<ClassBlueprint> {
    const blueprint = await em.findOne(ClassBlueprint, { id });
    if (!blueprint) throw notFound('That class type');
    if (data.apparatusId) blueprint.apparatus = await this.apparatus(em, data.apparatusId);
    if (data.defaultInstructorId !== undefined) {
      blueprint.defaultInstructor = data.defaultInstructorId
        ? await this.staffMember(em, data.defaultInstructorId, 'defaultInstructorId')
        : null;
    }
    for (const key of [
      'name',
      'description',
      'level',
      'durationMinutes',
      'defaultCapacity',
      'dropInPriceCents',
      'usesRigPoints',
      'isActive',
    ] as const) {
      const value = data[key];
      if (value !== undefined && value !== null)
        (blueprint as unknown as Record<string, unknown>)[key] = typeof value === 'string' ? value.trim() : value;
    }
    // null clears an end of the age range; left out keeps it.
    if (data.minAge !== undefined) blueprint.minAge = data.minAge;
    if (data.maxAge !== undefined) blueprint.maxAge = data.maxAge;
    assertAgeRange(blueprint);
    await em.flush();
    return blueprint;
  }

  async saveApparatus(
    em: EntityManager,
    data: { id?: string | null; name: string; description?: string | null; rigPointNames?: string[] | null },
  ): Promise<Apparatus> {
    const apparatus = data.id ? await em.findOne(Apparatus, { id: data.id }, { populate: ['rigPoints'] }) : new Apparatus(data.name.trim());
    if (!apparatus) throw notFound('That apparatus');
    apparatus.name = data.name.trim();
    if (data.description !== undefined && data.description !== null) apparatus.description = data.description.trim();
    em.persist(apparatus);
    if (data.rigPointNames) {
      const names = data.rigPointNames.map((n) => n.trim()).filter(Boolean);
      if (new Set(names.map((n) => n.toLowerCase())).size !== names.length)
        throw badInput('Rig point names must be different.', { rigPointNames: 'Names must be different.' });
      const existing = data.id ? apparatus.rigPoints.getItems() : [];
      // Points keep their id (and their bookings) when renamed in place; removed ones are deactivated.
      names.forEach((name, index) => {
        const point = existing[index] ?? em.create(RigPoint, { apparatus, name, sortOrder: index });
        Object.assign(point, { name, sortOrder: index, isActive: true });
      });
      existing.slice(names.length).forEach((point) => (point.isActive = false));
    }
    try {
      await em.flush();
    } catch (err) {
      if ((err as { code?: string }).code === '23505')
        throw conflict('An apparatus with that name already exists.', { name: 'Already exists.' });
      throw err;
    }
    return apparatus;
  }

  /** Sets an instructor's bio and the apparatus they teach (who may: users.policy), in one transaction. */
  async updateInstructorProfile(
    em: EntityManager,
    actor: Actor,
    userId: string,
    profile: { bio: string; apparatusIds: string[] },
  ): Promise<User> {
    return em.transactional(async (tx) => {
      const person = await this.users.findEditableProfile(tx, actor, userId);
      const ids = [...new Set(profile.apparatusIds)];
      const apparatuses = ids.length ? await tx.find(Apparatus, { id: { $in: ids } }) : [];
      if (apparatuses.length !== ids.length)
        throw badInput('Choose apparatus from the list.', { apparatusIds: 'Choose apparatus from the list.' });
      person.bio = profile.bio.trim();
      await tx.nativeDelete(InstructorApparatus, { instructor: person.id });
      for (const apparatus of apparatuses) tx.persist(new InstructorApparatus(person, apparatus));
      await tx.flush();
      return person;
    });
  }

  /** The apparatus each of these people teaches, in display order (public profiles only: users.policy). */
  async taughtApparatus(em: EntityManager, userIds: readonly string[]): Promise<Map<string, Apparatus[]>> {
    const rows = await em.find(
      InstructorApparatus,
      { instructor: { id: { $in: [...userIds] }, ...publicProfileScope() } },
      { populate: ['apparatus'], orderBy: { apparatus: { sortOrder: 'asc', name: 'asc' } } },
    );
    const byUser = new Map<string, Apparatus[]>();
    for (const row of rows) byUser.set(row.instructor.id, [...(byUser.get(row.instructor.id) ?? []), row.apparatus]);
    return byUser;
  }
}
