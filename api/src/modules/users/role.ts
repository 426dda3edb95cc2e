import { registerEnumType } from 'type-graphql';

/** Spec §6: admin, instructor, teacher, parent, and "others" — members without children are students. */
export enum Role {
  admin = 'admin',
  instructor = 'instructor',
  teacher = 'teacher',
  parent = 'parent',
  student = 'student',
}
registerEnumType(Role, { name: 'Role', description: 'What a user may do in the studio app' });

export const STAFF_ROLES = [Role.admin, Role.instructor, Role.teacher] as const;
