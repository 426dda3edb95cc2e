import { dayCount } from '../../../components/classFormat';
import { isIsoDate } from '../../../components/schedule/scheduleDates';

/** The REST path of the attendance export; it needs the bearer token, so it is fetched rather than linked. */
export const ATTENDANCE_CSV_PATH = '/api/admin/attendance.csv';
export const MAX_EXPORT_DAYS = 366;

export function exportRangeProblems(from: string, to: string): { from?: string; to?: string } {
  const problems: { from?: string; to?: string } = {};
  if (!isIsoDate(from)) problems.from = 'Choose the first date.';
  if (!isIsoDate(to)) problems.to = 'Choose the last date.';
  else if (!problems.from) {
    const span = dayCount(from, to);
    if (span < 0) problems.to = 'Must be on or after the first date.';
    else if (span > MAX_EXPORT_DAYS) problems.to = 'At most one year after the first date.';
  }
  return problems;
}

export function attendanceCsvUrl(from: string, to: string): string {
  return `${ATTENDANCE_CSV_PATH}?${new URLSearchParams({ from, to }).toString()}`;
}

/** The filename from a Content-Disposition header, or a sensible default. */
export function csvFilename(disposition: string | null, from: string, to: string): string {
  const m = disposition ? /filename\*?=(?:UTF-8'')?"?([^";]+)"?/i.exec(disposition) : null;
  return m ? decodeURIComponent(m[1]) : `attendance-${from}-to-${to}.csv`;
}

/** Fetches the CSV with the stored token. Errors read like spec §8: "400: Choose a date range…". */
export async function fetchAttendanceCsv(
  from: string,
  to: string,
  token: string | null,
  fetchImpl: typeof fetch = fetch,
): Promise<{ blob: Blob; filename: string }> {
  const res = await fetchImpl(attendanceCsvUrl(from, to), { headers: token ? { authorization: `Bearer ${token}` } : {} });
  if (!res.ok) {
    const body = await res.text().catch(() => '');
    throw new Error(`${res.status}: ${body || res.statusText}`);
  }
  return { blob: await res.blob(), filename: csvFilename(res.headers.get('content-disposition'), from, to) };
}

/** Hands a blob to the browser as a download. */
export function saveBlob(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
