import { useMutation } from '@apollo/client/react';
import { MarkAttendanceDocument } from './attendance.generated';

/**
 * Marks someone present or absent. The booking comes back with its new state and replaces the cached one (rosters
 * and histories alike); the students table's attended and no-show counts are asked for again when next shown.
 */
export function useMarkAttendance() {
  return useMutation(MarkAttendanceDocument, {
    update(cache) {
      cache.evict({ fieldName: 'adminStudents' });
      cache.gc();
    },
  });
}
