import Bowser from 'bowser';

/** "Chrome on Android", "Safari on iOS", "Firefox on Windows"; "Unknown device" when the User-Agent names neither. */
export function deviceLabel(userAgent: string | null): string {
  const parsed = userAgent ? Bowser.parse(userAgent) : null;
  const browser = parsed?.browser.name || null;
  const os = parsed?.os.name || null;
  if (browser && os) return `${browser} on ${os}`.slice(0, 120);
  return (browser ?? os ?? 'Unknown device').slice(0, 120);
}
