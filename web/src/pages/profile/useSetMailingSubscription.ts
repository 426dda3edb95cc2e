import { useMutation } from '@apollo/client/react';
import { SetMailingSubscriptionDocument } from './notificationEmails.generated';

/** Turns studio mailings on or off for the signed-in member; the cached profile takes the answer. */
export function useSetMailingSubscription() {
  return useMutation(SetMailingSubscriptionDocument);
}
