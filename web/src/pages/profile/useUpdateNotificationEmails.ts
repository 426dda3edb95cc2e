import { useMutation } from '@apollo/client/react';
import { UpdateNotificationEmailPreferencesDocument } from './notificationEmails.generated';

/** Saves which notification types also come by email; the cached preferences (one record) take the answer. */
export function useUpdateNotificationEmails() {
  return useMutation(UpdateNotificationEmailPreferencesDocument);
}
