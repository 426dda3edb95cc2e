/** Client-side checks that mirror the server's rules, so most mistakes are caught before a round trip. */

export const PASSWORD_MIN_LENGTH = 10;
const USERNAME = /^[A-Za-z0-9][A-Za-z0-9._-]{2,29}$/;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const DATE = /^\d{4}-\d{2}-\d{2}$/;

export function required(value: string, message = 'This field is required.'): string | null {
  return value.trim() ? null : message;
}

export function nameProblem(value: string): string | null {
  if (!value.trim()) return 'This field is required.';
  if (value.trim().length > 100) return 'Enter 1 to 100 characters.';
  return null;
}

export function usernameProblem(value: string): string | null {
  if (!value.trim()) return 'Choose a username.';
  return USERNAME.test(value.trim()) ? null : 'Use 3 to 30 letters, digits, dots, dashes or underscores, starting with a letter or digit.';
}

export function emailProblem(value: string): string | null {
  if (!value.trim()) return 'Enter your email address.';
  return EMAIL.test(value.trim()) ? null : 'Enter a valid email address.';
}

export function passwordProblem(value: string): string | null {
  if (!value) return 'Choose a password.';
  if (value.length < PASSWORD_MIN_LENGTH) return `Use at least ${PASSWORD_MIN_LENGTH} characters.`;
  return null;
}

/** Whole years between a YYYY-MM-DD birthday and today (local calendar). */
export function ageOn(birthday: string, today: Date = new Date()): number {
  const [y, m, d] = birthday.split('-').map(Number);
  let age = today.getFullYear() - y;
  const month = today.getMonth() + 1;
  if (month < m || (month === m && today.getDate() < d)) age -= 1;
  return age;
}

export function todayIso(today: Date = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${today.getFullYear()}-${pad(today.getMonth() + 1)}-${pad(today.getDate())}`;
}

export function birthdayProblem(value: string, today: Date = new Date()): string | null {
  if (!value) return 'Enter a birthday.';
  if (!DATE.test(value) || Number.isNaN(Date.parse(value))) return 'Enter a valid date (YYYY-MM-DD).';
  if (value > todayIso(today)) return 'The birthday cannot be in the future.';
  if (ageOn(value, today) > 120) return 'Please check the year of birth.';
  return null;
}

export type Problems<K extends string> = Partial<Record<K, string>>;

export function hasProblems(problems: Record<string, string | null | undefined>): boolean {
  return Object.values(problems).some(Boolean);
}
