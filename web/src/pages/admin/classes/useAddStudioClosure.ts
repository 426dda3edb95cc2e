import { useMutation } from '@apollo/client/react';
import { AddStudioClosureDocument, StudioClosuresDocument } from './classAdmin.generated';
import { evictSchedulePages } from './schedulePages';

/** Closes the studio on a date: the closure joins the cached list; classes that day were cancelled by the server. */
export function useAddStudioClosure() {
  return useMutation(AddStudioClosureDocument, {
    update(cache, { data: added }) {
      if (!added) return;
      cache.updateQuery({ query: StudioClosuresDocument }, (prev) =>
        prev
          ? {
              studioClosures: [...prev.studioClosures.filter((c) => c.id !== added.addStudioClosure.id), added.addStudioClosure].sort(
                (a, b) => a.date.localeCompare(b.date),
              ),
            }
          : prev,
      );
      evictSchedulePages(cache);
    },
  });
}
