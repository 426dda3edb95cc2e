import { useMutation } from '@apollo/client/react';
import { applyNotificationChange } from './notificationCache';
import { ClearNotificationsDocument } from './notifications.generated';

/** Deletes every notification of the feed; every list empties. */
export function useClearNotifications() {
  return useMutation(ClearNotificationsDocument, {
    update: (cache, { data }) => {
      if (data) applyNotificationChange(cache, data.clearNotifications);
    },
  });
}
