/**
 * The studio's IANA time zone, from the page the API serves (`<meta name="studio-time-zone">`), so "today" and
 * clock times are the studio's wherever the device is. Undefined where the page has no such tag (Vite dev, Jest):
 * the device's zone is used then.
 */
export const STUDIO_TIME_ZONE: string | undefined = readStudioTimeZone();

function readStudioTimeZone(): string | undefined {
  if (typeof document === 'undefined') return undefined;
  const zone = document.querySelector('meta[name="studio-time-zone"]')?.getAttribute('content');
  if (!zone) return undefined;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return zone;
  } catch {
    return undefined;
  }
}
