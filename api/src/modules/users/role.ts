import { registerEnumType } from 'type-graphql';

/** The roles: admin, instructor, teacher, parent, and "others" — members without children are students. */
export enum Role {
  admin = 'admin',
  instructor = 'instructor',
  teacher = 'teacher',
  parent = 'parent',
  student = 'student',
}
registerEnumType(Role, { name: 'Role', description: 'What a user may do in the studio app' });

export const STAFF_ROLES = [Role.admin, Role.instructor, Role.teacher] as const;

/** Who is acting, as the record-level rules (`<domain>.policy.ts`) need it; a signed-in User fits. */
export interface Actor {
  id: string;
  role: Role;
}

/** A record or person named by id, e.g. a class's instructor or a person's guardian. */
export interface Ref {
  id: string;
}

export const isAdmin = (actor: Pick<Actor, 'role'> | null | undefined): boolean => actor?.role === Role.admin;

/** Admins, instructors and teachers. */
export const isStaff = (actor: Pick<Actor, 'role'>): boolean => (STAFF_ROLES as readonly Role[]).includes(actor.role);
