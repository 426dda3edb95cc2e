import MailOutlineRounded from '@mui/icons-material/MailOutlineRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useQuery } from '@apollo/client/react';
import { useState } from 'react';
import { formatTimestampDay } from '../../app/dates';
import { InviteDialog } from '../family/InviteDialog';
import { FamilyInvitesDocument } from '../family/family.generated';
import { adultNotice, type WaiverPerson } from './waiverRules';

/**
 * An adult in the family signs with a login of their own: the notice says so, and the parent can send that login's
 * invite from here (the family page is out of reach until the parent's own waiver is signed).
 */
export function AdultInvite({ person }: { person: WaiverPerson }) {
  const [open, setOpen] = useState(false);
  const { data } = useQuery(FamilyInvitesDocument);
  const state = data?.profile?.familyMembers.find((m) => m.id === person.id);
  const invite = state?.familyInvite ?? null;
  const pending = invite?.status === 'pending' ? invite : null;
  return (
    <Box component="span" sx={{ display: 'block', mt: 0.25 }}>
      <Typography component="span" variant="body2" sx={{ display: 'block', color: 'warning.main' }}>
        {adultNotice(person)}
      </Typography>
      {state && !state.hasLogin && (
        <>
          {pending && (
            <Typography component="span" variant="body2" color="text.secondary" sx={{ display: 'block', overflowWrap: 'anywhere' }}>
              Invite sent to {pending.email} on {formatTimestampDay(pending.sentAt)}.
            </Typography>
          )}
          <Button size="small" startIcon={<MailOutlineRounded />} sx={{ mt: 0.5, ml: -0.75 }} onClick={() => setOpen(true)}>
            {pending ? `Send ${person.firstName} a new link` : `Invite ${person.firstName}`}
          </Button>
        </>
      )}
      {open && <InviteDialog member={person} invite={invite} onClose={() => setOpen(false)} />}
    </Box>
  );
}
