import DialogContentText from '@mui/material/DialogContentText';
import { useState } from 'react';
import { errorMessage } from '../../app/errors';
import { FormTextField, setServerErrors, useZodForm } from '../../app/forms';
import type { SessionUser } from '../../app/session';
import { useToast } from '../../app/toast';
import { FormDialog } from '../../components/FormDialog';
import { familyInviteForm } from '../auth/authForms';
import type { FamilyMemberInviteFragment } from './family.generated';
import { useInviteFamilyMember } from './useInviteFamilyMember';

type Member = SessionUser['familyMembers'][number];
type Invite = NonNullable<FamilyMemberInviteFragment['familyInvite']>;

/** Sends an adult family member the link to their own login (again: a new link to the same or another address). */
export function InviteDialog({
  member,
  invite,
  onClose,
}: {
  member: Pick<Member, 'id' | 'firstName' | 'age'>;
  invite: Invite | null;
  onClose: () => void;
}) {
  const { toast } = useToast();
  const [send, { loading }] = useInviteFamilyMember();
  const { control, handleSubmit, setError } = useZodForm(familyInviteForm, { defaultValues: { email: invite?.email ?? '' } });
  const [formError, setFormError] = useState<string | null>(null);

  const submit = handleSubmit(async ({ email }) => {
    setFormError(null);
    try {
      await send({ variables: { memberId: member.id, email } });
      toast({ title: 'Invite sent', description: `We emailed ${member.firstName} a link to create their login.`, variant: 'success' });
      onClose();
    } catch (err) {
      const fields = setServerErrors(err, setError);
      if (!Object.keys(fields).length) setFormError(errorMessage(err, 'The invite could not be sent. Please try again.'));
    }
  });

  return (
    <FormDialog
      title={invite ? `Send ${member.firstName} a new link` : `Invite ${member.firstName}`}
      onClose={onClose}
      onSubmit={submit}
      formError={formError}
      busy={loading}
      busyLabel="Sending…"
      submitLabel="Send invite"
      closeLabel="Cancel"
      maxWidth="xs"
    >
      <DialogContentText>
        {member.firstName} is {member.age}, so they sign their own waiver and book their own classes. We email them a link (it works for 7
        days) to choose a username and password; their bookings and class history stay with them.
        {invite ? ' The link sent before stops working.' : ''}
      </DialogContentText>
      <FormTextField
        control={control}
        name="email"
        label={`${member.firstName}’s email`}
        type="email"
        autoComplete="off"
        autoFocus
        required
      />
    </FormDialog>
  );
}
