import { useMutation } from '@apollo/client/react';
import { applyNotificationChange } from './notificationCache';
import { MarkNotificationReadDocument } from './notifications.generated';

/** Marks one notification read; the badge and every list showing it follow. */
export function useMarkNotificationRead() {
  return useMutation(MarkNotificationReadDocument, {
    update: (cache, { data }) => {
      if (data) applyNotificationChange(cache, data.markNotificationRead);
    },
  });
}
