import AddRounded from '@mui/icons-material/AddRounded';
import DeleteOutlineRounded from '@mui/icons-material/DeleteOutlineRounded';
import EditOutlined from '@mui/icons-material/EditOutlined';
import FamilyRestroomRounded from '@mui/icons-material/FamilyRestroomRounded';
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
import { useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { errorMessage } from '../../app/errors';
import { FormTextField, setServerErrors, useZodForm } from '../../app/forms';
import { useAuth, type SessionUser } from '../../app/session';
import { useToast } from '../../app/toast';
import { EmptyState } from '../../components/EmptyState';
import { PageFrame } from '../../components/PageFrame';
import { familyMemberForm } from '../auth/authForms';
import { formatDateWithYear, todayIso } from '../../app/dates';
import { useAddFamilyMember } from './useAddFamilyMember';
import { useRemoveFamilyMember } from './useRemoveFamilyMember';
import { useUpdateFamilyMember } from './useUpdateFamilyMember';

type Member = SessionUser['familyMembers'][number];

function MemberDialog({
  parentId,
  member,
  open,
  onClose,
}: {
  parentId: string;
  member: Member | null;
  open: boolean;
  onClose: () => void;
}) {
  const { toast } = useToast();
  const today = todayIso();
  const { control, handleSubmit, setError } = useZodForm(familyMemberForm(today), {
    defaultValues: { firstName: member?.firstName ?? '', lastName: member?.lastName ?? '', birthday: member?.birthday ?? '' },
  });
  const [formError, setFormError] = useState<string | null>(null);
  const [add, { loading: adding }] = useAddFamilyMember(parentId);
  const [update, { loading: updating }] = useUpdateFamilyMember();
  const busy = adding || updating;

  const submit = handleSubmit(async (input) => {
    setFormError(null);
    try {
      if (member) {
        await update({ variables: { id: member.id, input } });
        toast({ title: 'Family member updated', description: `${input.firstName}’s details are saved.`, variant: 'success' });
      } else {
        await add({ variables: { input } });
        toast({ title: 'Family member added', description: `${input.firstName} is now part of your family account.`, variant: 'success' });
      }
      onClose();
    } catch (err) {
      const fields = setServerErrors(err, setError);
      if (!Object.keys(fields).length) setFormError(errorMessage(err));
    }
  });

  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="xs" aria-labelledby="member-dialog-title">
      <DialogTitle id="member-dialog-title">{member ? `Edit ${member.firstName}` : 'Add a family member'}</DialogTitle>
      <Box component="form" noValidate onSubmit={submit}>
        <DialogContent sx={{ pt: '8px !important', display: 'grid', gap: 2.25 }}>
          {formError && <Alert severity="error">{formError}</Alert>}
          <FormTextField control={control} name="firstName" label="First name" autoFocus required />
          <FormTextField control={control} name="lastName" label="Last name" required />
          <FormTextField
            control={control}
            name="birthday"
            label="Birthday"
            type="date"
            required
            slotProps={{ inputLabel: { shrink: true }, htmlInput: { max: today } }}
          />
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2.5 }}>
          <Button onClick={onClose}>Cancel</Button>
          <Button type="submit" variant="contained" disabled={busy}>
            {busy ? 'Saving…' : member ? 'Save' : 'Add member'}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}

function RemoveDialog({ parentId, member, onClose }: { parentId: string; member: Member; onClose: () => void }) {
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
          {member.firstName} {member.lastName} will no longer be part of your family account. Their waiver history is kept by the studio.
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
  const unsignedMinors = members.filter((m) => m.isMinor && !m.waiverSigned);
  return (
    <PageFrame
      title="Family"
      subtitle="Add your children, keep their details current and sign waivers for those under 18."
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
            <Card component="li" key={m.id} sx={{ p: 2.5, display: 'flex', alignItems: 'center', gap: 2 }}>
              <Avatar sx={{ width: 48, height: 48, bgcolor: 'secondary.main', fontWeight: 'fontWeightBold' }}>
                {m.firstName.charAt(0)}
              </Avatar>
              <Box sx={{ flex: 1, minWidth: 0 }}>
                <Typography component="h2" sx={{ fontWeight: 'fontWeightBold', fontSize: '1.05rem' }} noWrap>
                  {m.firstName} {m.lastName}
                </Typography>
                <Typography variant="body2" color="text.secondary">
                  Age {m.age} · Born {formatDateWithYear(m.birthday)}
                </Typography>
                {/* Chips wrap their words on a narrow card instead of cutting them off. */}
                <Box
                  sx={{
                    display: 'flex',
                    gap: 0.75,
                    mt: 1,
                    flexWrap: 'wrap',
                    '& .MuiChip-root': { height: 'auto', minHeight: 24, maxWidth: '100%' },
                    '& .MuiChip-label': { whiteSpace: 'normal', py: 0.25 },
                  }}
                >
                  <Chip
                    size="small"
                    color={m.waiverSigned ? 'success' : 'warning'}
                    variant={m.waiverSigned ? 'filled' : 'outlined'}
                    label={m.waiverSigned ? 'Waiver signed' : 'Waiver not signed'}
                  />
                  {!m.isMinor && <Chip size="small" variant="outlined" label="Adult: signs their own waiver" />}
                </Box>
              </Box>
              <Box sx={{ display: 'flex', flexDirection: { xs: 'column', sm: 'row' } }}>
                <Tooltip title={`Edit ${m.firstName}`}>
                  <IconButton aria-label={`Edit ${m.firstName} ${m.lastName}`} onClick={() => setEditing({ member: m })}>
                    <EditOutlined />
                  </IconButton>
                </Tooltip>
                <Tooltip title={`Remove ${m.firstName}`}>
                  <IconButton aria-label={`Remove ${m.firstName} ${m.lastName}`} onClick={() => setRemoving(m)}>
                    <DeleteOutlineRounded />
                  </IconButton>
                </Tooltip>
              </Box>
            </Card>
          ))}
        </Box>
      )}
      {editing && (
        <MemberDialog key={editing.member?.id ?? 'new'} parentId={user.id} member={editing.member} open onClose={() => setEditing(null)} />
      )}
      {removing && <RemoveDialog parentId={user.id} member={removing} onClose={() => setRemoving(null)} />}
    </PageFrame>
  );
}
