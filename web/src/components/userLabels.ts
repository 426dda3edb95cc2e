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
