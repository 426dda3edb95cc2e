import { dateOnly, seriesSpanProblem } from '@studio/rules';
import { z } from 'zod';
import { problemsOf } from '../../../app/forms';

/** The REST path of the attendance export; it needs the bearer token, so it is fetched rather than linked. */
export const ATTENDANCE_CSV_PATH = '/api/admin/attendance.csv';
const firstDate = dateOnly('Choose the first date.');
const lastDate = dateOnly('Choose the last date.');

/** The export's date range: two dates, the last within a year of the first (the API's limit, as for a series). */
export const exportRangeForm = z.object({ from: firstDate, to: lastDate }).superRefine(({ from, to }, ctx) => {
  const span = firstDate.safeParse(from).success && lastDate.safeParse(to).success ? seriesSpanProblem(from, to) : null;
  if (span) ctx.addIssue({ code: 'custom', path: ['to'], message: span });
});

export function exportRangeProblems(from: string, to: string): { from?: string; to?: string } {
  return problemsOf(exportRangeForm, { from, to });
}

export function attendanceCsvUrl(from: string, to: string): string {
  return `${ATTENDANCE_CSV_PATH}?${new URLSearchParams({ from, to }).toString()}`;
}

/** The filename from a Content-Disposition header, or a sensible default. */
export function csvFilename(disposition: string | null, from: string, to: string): string {
  const m = disposition ? /filename\*?=(?:UTF-8'')?"?([^";]+)"?/i.exec(disposition) : null;
  return m ? decodeURIComponent(m[1]) : `attendance-${from}-to-${to}.csv`;
}

/** Fetches the CSV with the stored token. Errors read "status: body", e.g. "400: Choose a date range…". */
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
