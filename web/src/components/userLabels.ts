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
