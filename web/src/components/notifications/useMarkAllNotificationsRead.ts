import { useMutation } from '@apollo/client/react';
import { applyNotificationChange } from './notificationCache';
import { MarkAllNotificationsReadDocument } from './notifications.generated';

/** Marks every notification of the feed read; the badge goes and unread-only lists empty. */
export function useMarkAllNotificationsRead() {
  return useMutation(MarkAllNotificationsReadDocument, {
    update: (cache, { data }) => {
      if (data) applyNotificationChange(cache, data.markAllNotificationsRead);
    },
  });
}
