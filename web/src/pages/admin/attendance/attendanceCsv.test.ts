import { attendanceCsvUrl, csvFilename, exportRangeProblems, fetchAttendanceCsv } from './attendanceCsv';

/** A fetch answer with just what the export reads (jsdom has no Response). */
function answer(status: number, body: string, headers: Record<string, string> = {}) {
  const blob = new Blob([body], { type: headers['content-type'] ?? 'text/plain' });
  return {
    ok: status >= 200 && status < 300,
    status,
    statusText: '',
    headers: { get: (name: string) => headers[name.toLowerCase()] ?? null },
    text: async () => body,
    blob: async () => blob,
  };
}

describe('attendance CSV export', () => {
  it('checks the date range like the API (at most one year)', () => {
    expect(exportRangeProblems('2030-01-01', '2030-01-31')).toEqual({});
    expect(exportRangeProblems('', '2030-01-31')).toEqual({ from: 'Choose the first date.' });
    expect(exportRangeProblems('2030-02-01', '2030-01-31')).toEqual({ to: 'Must be on or after the first date.' });
    expect(exportRangeProblems('2030-01-01', '2031-01-03')).toEqual({ to: 'At most one year after the first date.' });
  });

  it('fetches the REST path with the bearer token (a plain link carries no header)', async () => {
    const fetchImpl = jest.fn(async () =>
      answer(200, 'date,start\n', {
        'content-type': 'text/csv',
        'content-disposition': 'attachment; filename="attendance-2030-01-01-to-2030-01-31.csv"',
      }),
    );
    const { blob, filename } = await fetchAttendanceCsv('2030-01-01', '2030-01-31', 'tok', fetchImpl as unknown as typeof fetch);
    expect(fetchImpl).toHaveBeenCalledWith('/api/admin/attendance.csv?from=2030-01-01&to=2030-01-31', {
      headers: { authorization: 'Bearer tok' },
    });
    expect(filename).toBe('attendance-2030-01-01-to-2030-01-31.csv');
    expect(blob.size).toBe('date,start\n'.length);
    expect(blob.type).toBe('text/csv');
  });

  it('reports failures as "status: body"', async () => {
    const fetchImpl = jest.fn(async () => answer(400, 'Choose a date range of at most one year.'));
    await expect(fetchAttendanceCsv('2030-01-01', '2032-01-01', 'tok', fetchImpl as unknown as typeof fetch)).rejects.toThrow(
      '400: Choose a date range of at most one year.',
    );
  });

  it('names the file even without a Content-Disposition header', () => {
    expect(csvFilename(null, '2030-01-01', '2030-01-31')).toBe('attendance-2030-01-01-to-2030-01-31.csv');
    expect(attendanceCsvUrl('2030-01-01', '2030-01-31')).toBe('/api/admin/attendance.csv?from=2030-01-01&to=2030-01-31');
  });
});
