import { useMutation } from '@apollo/client/react';
import { ClassRosterDocument, StaffBookAttendeeDocument } from './attendance.generated';

/** Staff add someone to a class; the new place joins the cached roster and the class's counts come back with it. */
export function useStaffBookAttendee() {
  return useMutation(StaffBookAttendeeDocument, {
    update(cache, { data }, { variables }) {
      if (!data || !variables) return;
      // The roster is kept in name order.
      cache.updateQuery({ query: ClassRosterDocument, variables: { classInstanceId: variables.classInstanceId } }, (prev) => {
        if (!prev) return prev;
        const added = data.staffBookAttendee;
        const list = [...prev.classRoster.filter((b) => b.id !== added.id), added];
        list.sort(
          (a, b) => a.attendee.firstName.localeCompare(b.attendee.firstName) || a.attendee.lastName.localeCompare(b.attendee.lastName),
        );
        return { classRoster: list };
      });
      // Students' counts and histories include this booking now: those lists ask the server again when shown.
      cache.evict({ fieldName: 'adminStudents' });
      cache.evict({ fieldName: 'attendanceHistory' });
      cache.gc();
    },
  });
}
