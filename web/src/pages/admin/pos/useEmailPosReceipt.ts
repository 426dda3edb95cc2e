import { useMutation } from '@apollo/client/react';
import { EmailPosReceiptDocument } from './pos.generated';

/** Sends the receipt through the email outbox. */
export function useEmailPosReceipt() {
  return useMutation(EmailPosReceiptDocument);
}
