/** Why a person is left out of a mailing, in words (the API's MailingExclusionCount.reason). */
export function exclusionLabel(reason: string): string {
  return (
    {
      inactive: 'deactivated',
      no_email: 'without an email address (nor a parent’s)',
      unsubscribed: 'unsubscribed',
      bounced: 'whose address bounced before',
    }[reason] ?? reason
  );
}

/** A recipient's or an outbox email's state, as a chip shows it. */
export const stateLabels: Record<string, string> = {
  queued: 'Queued',
  pending: 'Queued',
  sent: 'Sent',
  held: 'Held (no mail server)',
  failed: 'Failed',
  bounced: 'Bounced',
  cancelled: 'Withdrawn',
  excluded: 'Left out',
  scheduled: 'Scheduled',
  sending: 'Sending',
};

export const stateColors: Record<string, 'default' | 'success' | 'error' | 'warning' | 'info'> = {
  sent: 'success',
  failed: 'error',
  bounced: 'error',
  held: 'warning',
  queued: 'info',
  pending: 'info',
  sending: 'info',
  scheduled: 'default',
};
