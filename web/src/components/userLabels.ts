import type { PeopleSegment } from '../graphql/types';
export const roleLabels: Record<string, string> = {
  admin: 'Admin',
  instructor: 'Instructor',
  teacher: 'Teacher',
  parent: 'Parent',
  student: 'Student',
};

export function initials(user: { firstName: string; lastName: string }): string {
  return `${user.firstName.charAt(0)}${user.lastName.charAt(0)}`.toUpperCase();
}

/** Instructors, teachers and admins teach classes and have a profile members see (the API's hasInstructorProfile). */
export function hasInstructorProfile(role: string): boolean {
  return role === 'admin' || role === 'instructor' || role === 'teacher';
}

/** The dashboard's follow-up segments, as the users and students tables filter by them. */
export const segmentLabels: Record<PeopleSegment, string> = {
  trial_not_back: 'Trial, not back',
  stuck: 'Stuck at a level',
  low_pack: 'Pack running low',
};
