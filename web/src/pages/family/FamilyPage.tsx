import { fullName } from '@studio/rules';
import AddRounded from '@mui/icons-material/AddRounded';
import DeleteOutlineRounded from '@mui/icons-material/DeleteOutlineRounded';
import EditOutlined from '@mui/icons-material/EditOutlined';
import FamilyRestroomRounded from '@mui/icons-material/FamilyRestroomRounded';
import MailOutlineRounded from '@mui/icons-material/MailOutlineRounded';
import Alert from '@mui/material/Alert';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useQuery } from '@apollo/client/react';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { errorMessage } from '../../app/errors';
import { FormTextField, setServerErrors, useZodForm } from '../../app/forms';
import { BirthdayField } from '../../components/AccountFields';
import { useAuth, type SessionUser } from '../../app/session';
import { useToast } from '../../app/toast';
import { EmptyState } from '../../components/EmptyState';
import { FormDialog } from '../../components/FormDialog';
import { PageFrame } from '../../components/PageFrame';
import { familyMemberForm } from '../auth/authForms';
import { formatDateWithYear, formatTimestampDay, todayIso } from '../../app/dates';
import { FamilyHealthDocument, FamilyInvitesDocument, type FamilyMemberInviteFragment } from './family.generated';
import { checkEmergencyContact, healthDetailsFields } from '@studio/rules';
import MedicalInformationOutlined from '@mui/icons-material/MedicalInformationOutlined';
import { HealthFields, healthValues, pickHealth } from '../../components/health/HealthFields';
import type { HealthDetailsFieldsFragment } from '../../components/health/health.generated';
import { useUpdateHealthDetails } from '../../components/health/useUpdateHealthDetails';
import { useAddFamilyMember } from './useAddFamilyMember';
import { useCancelFamilyInvite } from './useCancelFamilyInvite';
import { InviteDialog } from './InviteDialog';
import { useRemoveFamilyMember } from './useRemoveFamilyMember';
import { useUpdateFamilyMember } from './useUpdateFamilyMember';

type Member = SessionUser['familyMembers'][number];

/**
 * Where an adult family member stands with their own login: not invited (Invite), invited (Resend, Withdraw),
 * expired (Send again), or signing in themselves.
 */
function InviteState({ member, state, onInvite }: { member: Member; state: FamilyMemberInviteFragment | undefined; onInvite: () => void }) {
  const { toast } = useToast();
  const invite = state?.familyInvite ?? null;
  const [withdraw, { loading }] = useCancelFamilyInvite(invite?.id ?? null);
  const hasLogin = state?.hasLogin ?? member.hasLogin;

  if (hasLogin) {
    return (
      <Typography component="div" variant="body2" color="text.secondary" sx={{ mt: 2, pt: 2, borderTop: 1, borderColor: 'divider' }}>
        <Chip size="small" color="success" variant="outlined" label="Own login" sx={{ mr: 1 }} />
        {invite?.acceptedAt ? `Joined ${formatTimestampDay(invite.acceptedAt)}` : 'Signs in themselves'}
      </Typography>
    );
  }
  const cancel = async () => {
    try {
      await withdraw({ variables: { memberId: member.id } });
      toast({ title: 'Invite withdrawn', description: `The link sent to ${member.firstName} no longer works.`, variant: 'success' });
    } catch (err) {
      toast({ title: 'Error', description: errorMessage(err, 'The invite could not be withdrawn. Please try again.'), variant: 'error' });
    }
  };
  return (
    <Box component="section" aria-label={`${member.firstName}’s own login`} sx={{ mt: 2, pt: 2, borderTop: 1, borderColor: 'divider' }}>
      {!invite && (
        <Typography variant="body2" color="text.secondary">
          {member.firstName} can have a login of their own to sign their waiver and book classes.
        </Typography>
      )}
      {invite?.status === 'pending' && (
        <Typography component="div" variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
          <Chip size="small" color="primary" label="Invited" sx={{ mr: 1 }} />
          Sent to {invite.email} on {formatTimestampDay(invite.sentAt)}; the link works until {formatTimestampDay(invite.expiresAt)}.
        </Typography>
      )}
      {invite?.status === 'expired' && (
        <Typography component="div" variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
          <Chip size="small" color="warning" variant="outlined" label="Invite expired" sx={{ mr: 1 }} />
          The link sent to {invite.email} ran out on {formatTimestampDay(invite.expiresAt)}.
        </Typography>
      )}
      <Box sx={{ display: 'flex', gap: 1, mt: 1, flexWrap: 'wrap' }}>
        <Button size="small" variant="outlined" startIcon={<MailOutlineRounded />} onClick={onInvite}>
          {!invite ? 'Invite to own login' : invite.status === 'pending' ? 'Resend' : 'Send again'}
        </Button>
        {invite?.status === 'pending' && (
          <Button size="small" color="inherit" onClick={() => void cancel()} disabled={loading}>
            Withdraw
          </Button>
        )}
      </Box>
    </Box>
  );
}

/** A family member's name and birthday, and their health and emergency details. */
const memberForm = (today: string) => familyMemberForm(today).extend(healthDetailsFields).superRefine(checkEmergencyContact);

function MemberDialog({
  parentId,
  member,
  health,
  onClose,
}: {
  parentId: string;
  member: Member | null;
  health: HealthDetailsFieldsFragment | null;
  onClose: () => void;
}) {
  const { toast } = useToast();
  const today = todayIso();
  const saved = healthValues(health);
  const { control, handleSubmit, setError } = useZodForm(memberForm(today), {
    defaultValues: { firstName: member?.firstName ?? '', lastName: member?.lastName ?? '', birthday: member?.birthday ?? '', ...saved },
  });
  const [formError, setFormError] = useState<string | null>(null);
  const [add, { loading: adding }] = useAddFamilyMember(parentId);
  const [update, { loading: updating }] = useUpdateFamilyMember();
  const [saveHealth, { loading: savingHealth }] = useUpdateHealthDetails();
  const busy = adding || updating || savingHealth;

  const submit = handleSubmit(async ({ firstName, lastName, birthday, ...rest }) => {
    setFormError(null);
    const input = { firstName, lastName, birthday };
    const healthInput = pickHealth(rest);
    const healthChanged = JSON.stringify(healthInput) !== JSON.stringify(saved);
    try {
      if (member) {
        await update({ variables: { id: member.id, input } });
        if (healthChanged) await saveHealth({ variables: { personId: member.id, input: healthInput } });
        toast({ title: 'Family member updated', description: `${input.firstName}’s details are saved.`, variant: 'success' });
      } else {
        const added = await add({ variables: { input } });
        const id = added.data?.addFamilyMember.id;
        if (id && healthChanged)
          await saveHealth({
            variables: { personId: id, input: healthInput },
            // The page's list of details learns of the new member from the answer.
            update: (cache, { data }) => {
              const answer = data?.updateHealthDetails;
              if (!answer) return;
              cache.updateQuery({ query: FamilyHealthDocument }, (list) =>
                list ? { profile: { ...list.profile, familyMembers: [...list.profile.familyMembers, answer] } } : list,
              );
            },
          });
        toast({ title: 'Family member added', description: `${input.firstName} is now part of your family account.`, variant: 'success' });
      }
      onClose();
    } catch (err) {
      const fields = setServerErrors(err, setError);
      if (!Object.keys(fields).length) setFormError(errorMessage(err));
    }
  });

  return (
    <FormDialog
      title={member ? `Edit ${member.firstName}` : 'Add a family member'}
      onClose={onClose}
      onSubmit={submit}
      formError={formError}
      busy={busy}
      submitLabel={member ? 'Save' : 'Add member'}
      closeLabel="Cancel"
      maxWidth="sm"
    >
      <FormTextField control={control} name="firstName" label="First name" autoFocus required />
      <FormTextField control={control} name="lastName" label="Last name" required />
      <BirthdayField control={control} today={today} />
      <HealthFields control={control} who={member?.firstName ?? 'they'} />
    </FormDialog>
  );
}

function RemoveDialog({
  parentId,
  member,
  hasLogin,
  onClose,
}: {
  parentId: string;
  member: Member;
  hasLogin: boolean;
  onClose: () => void;
}) {
  const { toast } = useToast();
  const [remove, { loading }] = useRemoveFamilyMember(parentId);
  const confirm = async () => {
    try {
      await remove({ variables: { id: member.id } });
      toast({ title: 'Family member removed', description: `${member.firstName} was removed from your family.`, variant: 'success' });
      onClose();
    } catch (err) {
      toast({ title: 'Error', description: errorMessage(err, 'Could not remove the family member. Please try again.'), variant: 'error' });
    }
  };
  return (
    <Dialog open onClose={onClose} maxWidth="xs" fullWidth aria-labelledby="remove-title">
      <DialogTitle id="remove-title">Remove {member.firstName}?</DialogTitle>
      <DialogContent>
        <DialogContentText>
          {hasLogin
            ? `${fullName(member)} will no longer be part of your family account and keeps their own login and history.`
            : `${fullName(member)} will no longer be part of your family account. Their waiver history is kept by the studio.`}
        </DialogContentText>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2.5 }}>
        <Button onClick={onClose}>Cancel</Button>
        <Button color="error" variant="contained" onClick={() => void confirm()} disabled={loading}>
          {loading ? 'Removing…' : 'Remove'}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

export default function FamilyPage() {
  const { user } = useAuth();
  const [editing, setEditing] = useState<{ member: Member | null } | null>(null);
  const [removing, setRemoving] = useState<Member | null>(null);
  const [inviting, setInviting] = useState<Member | null>(null);
  const hasAdults = user?.role === 'parent' && user.familyMembers.some((m) => !m.isMinor);
  // Invites change from outside (an accepted link): fetched whenever the page opens.
  const { data: inviteData } = useQuery(FamilyInvitesDocument, { skip: !hasAdults, fetchPolicy: 'cache-and-network' });
  const isParent = user?.role === 'parent';
  const { data: healthData } = useQuery(FamilyHealthDocument, { skip: !isParent, fetchPolicy: 'cache-and-network' });
  const healthOf = new Map((healthData?.profile.familyMembers ?? []).map((m) => [m.id, m.health ?? null]));
  if (!user) return null;

  if (user.role !== 'parent') {
    return (
      <PageFrame title="Family" maxWidth="md">
        <Card>
          <EmptyState icon={<FamilyRestroomRounded />} title="Family accounts are for parents and guardians">
            Parents and guardians can add their children, book classes for them and sign their waivers. Ask the front desk if your account
            should be a parent account.
          </EmptyState>
        </Card>
      </PageFrame>
    );
  }

  const members = user.familyMembers;
  const inviteStates = new Map((inviteData?.profile.familyMembers ?? []).map((m) => [m.id, m]));
  const unsignedMinors = members.filter((m) => m.isMinor && !m.waiverSigned);
  return (
    <PageFrame
      title="Family"
      subtitle="Add your children, keep their details current, sign waivers for those under 18 and invite adults to a login of their own."
      actions={
        <Button variant="contained" startIcon={<AddRounded />} onClick={() => setEditing({ member: null })}>
          Add family member
        </Button>
      }
    >
      {unsignedMinors.length > 0 && (
        <Alert
          severity="warning"
          sx={{ mb: 3 }}
          action={
            <Button color="inherit" component={RouterLink} to="/sign-waivers" sx={{ fontWeight: 'fontWeightBold', whiteSpace: 'nowrap' }}>
              Sign now
            </Button>
          }
        >
          {unsignedMinors.map((m) => m.firstName).join(', ')} {unsignedMinors.length === 1 ? 'needs' : 'need'} a signed waiver before class.
        </Alert>
      )}
      {members.length === 0 ? (
        <Card>
          <EmptyState
            icon={<FamilyRestroomRounded />}
            title="No family members yet"
            action={
              <Button variant="contained" startIcon={<AddRounded />} onClick={() => setEditing({ member: null })}>
                Add family member
              </Button>
            }
          >
            Add your children to book classes and sign waivers for them from your account.
          </EmptyState>
        </Card>
      ) : (
        <Box
          component="ul"
          aria-label="Family members"
          sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}
        >
          {members.map((m) => (
            <Card component="li" key={m.id} sx={{ p: 2.5 }}>
              <Box sx={{ display: 'flex', alignItems: 'center', gap: 2 }}>
                <Avatar sx={{ width: 48, height: 48, bgcolor: 'secondary.main', fontWeight: 'fontWeightBold' }}>
                  {m.firstName.charAt(0)}
                </Avatar>
                <Box sx={{ flex: 1, minWidth: 0 }}>
                  <Typography component="h2" sx={{ fontWeight: 'fontWeightBold', fontSize: '1.05rem' }} noWrap>
                    {fullName(m)}
                  </Typography>
                  <Typography variant="body2" color="text.secondary">
                    Age {m.age} · Born {formatDateWithYear(m.birthday)}
                  </Typography>
                  <Box sx={{ display: 'flex', gap: 0.75, mt: 1, flexWrap: 'wrap' }}>
                    <Chip
                      size="small"
                      color={m.waiverSigned ? 'success' : 'warning'}
                      variant={m.waiverSigned ? 'filled' : 'outlined'}
                      label={m.waiverSigned ? 'Waiver signed' : 'Waiver not signed'}
                    />
                    {healthOf.get(m.id) && (
                      <Chip size="small" variant="outlined" icon={<MedicalInformationOutlined />} label="Health details on file" />
                    )}
                    {!m.isMinor && (
                      <Chip
                        size="small"
                        variant="outlined"
                        label="Adult: signs their own waiver"
                        // Wraps rather than cutting the words off on a phone.
                        sx={{ maxWidth: '100%', height: 'auto', '& .MuiChip-label': { whiteSpace: 'normal', py: 0.25 } }}
                      />
                    )}
                  </Box>
                </Box>
                <Box sx={{ display: 'flex', flexDirection: { xs: 'column', sm: 'row' } }}>
                  {!(inviteStates.get(m.id)?.hasLogin ?? m.hasLogin) && (
                    <Tooltip title={`Edit ${m.firstName}`}>
                      <IconButton aria-label={`Edit ${fullName(m)}`} onClick={() => setEditing({ member: m })}>
                        <EditOutlined />
                      </IconButton>
                    </Tooltip>
                  )}
                  <Tooltip title={`Remove ${m.firstName}`}>
                    <IconButton aria-label={`Remove ${fullName(m)}`} onClick={() => setRemoving(m)}>
                      <DeleteOutlineRounded />
                    </IconButton>
                  </Tooltip>
                </Box>
              </Box>
              {!m.isMinor && <InviteState member={m} state={inviteStates.get(m.id)} onInvite={() => setInviting(m)} />}
            </Card>
          ))}
        </Box>
      )}
      {/* An existing member's dialog waits for their saved health details, so saving never clears them unseen. */}
      {editing && (!editing.member || healthData) && (
        <MemberDialog
          key={editing.member?.id ?? 'new'}
          parentId={user.id}
          member={editing.member}
          health={editing.member ? (healthOf.get(editing.member.id) ?? null) : null}
          onClose={() => setEditing(null)}
        />
      )}
      {removing && (
        <RemoveDialog
          parentId={user.id}
          member={removing}
          hasLogin={inviteStates.get(removing.id)?.hasLogin ?? removing.hasLogin}
          onClose={() => setRemoving(null)}
        />
      )}
      {inviting && (
        <InviteDialog member={inviting} invite={inviteStates.get(inviting.id)?.familyInvite ?? null} onClose={() => setInviting(null)} />
      )}
    </PageFrame>
  );
}
