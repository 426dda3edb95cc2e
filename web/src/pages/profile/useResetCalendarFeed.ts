import { useMutation } from '@apollo/client/react';
import { MyCalendarFeedDocument, ResetCalendarFeedDocument } from './calendarFeed.generated';

/** Gives the feed a new address; the answer replaces the cached one (the old address stops working). */
export const useResetCalendarFeed = () =>
  useMutation(ResetCalendarFeedDocument, {
    update(cache, { data }) {
      if (data) cache.writeQuery({ query: MyCalendarFeedDocument, data: { myCalendarFeed: data.resetCalendarFeed } });
    },
  });
