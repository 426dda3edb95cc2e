import { SecretOnceDialog } from '../../../components/SecretOnceDialog';

/** A signing secret, shown this once (made or rotated), with a copy button. */
export function WebhookSecretDialog({ secret, rotated, onClose }: { secret: string; rotated: boolean; onClose: () => void }) {
  return (
    <SecretOnceDialog
      title={rotated ? 'New signing secret' : 'Endpoint created: its signing secret'}
      secret={secret}
      noun="secret"
      warning="Copy it now: it is not shown again. Anyone with it can forge deliveries, so keep it secret."
      hint={
        rotated
          ? 'For the next 24 hours deliveries are signed with the old secret too, so your receiver can switch without missing one.'
          : 'Verify each delivery with it using a Standard Webhooks library (see “Receive webhooks” in the README).'
      }
      onClose={onClose}
    />
  );
}
