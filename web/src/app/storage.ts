/** Browser storage keys of the session: the bearer token and the signed-in user as JSON. */
export const TOKEN_KEY = 'token';
export const USER_KEY = 'userData';

function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null; // storage disabled (privacy mode): the session lives only in memory
  }
}

export function readToken(): string | null {
  return storage()?.getItem(TOKEN_KEY) ?? null;
}

export function hasStoredToken(): boolean {
  return Boolean(readToken());
}

export function writeSession(token: string, user: unknown): void {
  const s = storage();
  if (!s) return;
  s.setItem(TOKEN_KEY, token);
  s.setItem(USER_KEY, JSON.stringify(user));
}

export function writeUser(user: unknown): void {
  storage()?.setItem(USER_KEY, JSON.stringify(user));
}

export function readUser<T>(): T | null {
  const raw = storage()?.getItem(USER_KEY);
  if (!raw) return null;
  try {
    return JSON.parse(raw) as T;
  } catch {
    return null;
  }
}

export function clearStoredSession(): void {
  const s = storage();
  if (!s) return;
  s.removeItem(TOKEN_KEY);
  s.removeItem(USER_KEY);
}
