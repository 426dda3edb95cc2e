import { useQuery } from '@apollo/client/react';
import CloseRounded from '@mui/icons-material/CloseRounded';
import EditOutlined from '@mui/icons-material/EditOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import Skeleton from '@mui/material/Skeleton';
import { useTheme } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useId, useState } from 'react';
import { errorMessage } from '../../../app/errors';
import { InstructorAvatar } from '../../../components/instructors/InstructorAvatar';
import { InstructorProfileEditor } from '../../../components/instructors/InstructorProfileEditor';
import type { InstructorProfileFragment } from '../../../components/instructors/instructorProfile.generated';
import { AdminInstructorsDocument } from './instructors.generated';

function EditDialog({ person, onClose }: { person: InstructorProfileFragment; onClose: () => void }) {
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'), { noSsr: true });
  const titleId = useId();
  return (
    <Dialog open onClose={onClose} fullScreen={phone} fullWidth maxWidth="sm" aria-labelledby={titleId}>
      <DialogTitle id={titleId} sx={{ display: 'flex', alignItems: 'center', gap: 1, fontWeight: 'fontWeightExtraBold' }}>
        <Box sx={{ flex: 1 }}>{person.name}’s profile</Box>
        <IconButton aria-label="Close" onClick={onClose} sx={{ mr: -1 }}>
          <CloseRounded />
        </IconButton>
      </DialogTitle>
      <DialogContent sx={{ pb: 3 }}>
        <InstructorProfileEditor userId={person.id} onSaved={onClose} />
      </DialogContent>
    </Dialog>
  );
}

/** Instructors and teachers as members see them (photo, bio, apparatus), each editable by the admin. */
export function InstructorsTab() {
  const { data, loading, error } = useQuery(AdminInstructorsDocument);
  const [editing, setEditing] = useState<InstructorProfileFragment | null>(null);
  return (
    <>
      <Typography color="text.secondary" sx={{ maxWidth: 640, mb: 2 }}>
        What members see about each instructor and teacher on class details. Staff edit their own on their profile page.
      </Typography>
      {error && <Alert severity="error">{errorMessage(error, 'Instructors could not be loaded.')}</Alert>}
      <Box
        component="ul"
        aria-label="Instructors"
        sx={{
          listStyle: 'none',
          p: 0,
          m: 0,
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: '1fr', md: '1fr 1fr', xl: 'repeat(3, 1fr)' },
        }}
      >
        {loading &&
          [0, 1].map((i) => (
            <li key={i}>
              <Skeleton variant="rounded" height={160} />
            </li>
          ))}
        {data?.instructors.length === 0 && (
          <Typography component="li" color="text.secondary">
            No instructors or teachers yet. Give a user the instructor or teacher role first.
          </Typography>
        )}
        {data?.instructors.map((p) => (
          <li key={p.id}>
            <Card sx={{ p: 2.5, height: '100%', boxSizing: 'border-box', display: 'flex', gap: 2, alignItems: 'flex-start' }}>
              <InstructorAvatar name={p.name} photoUrl={p.photoUrl} size={56} />
              <Box sx={{ minWidth: 0, flex: 1, display: 'grid', gap: 0.75 }}>
                <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'flex-start', gap: 1 }}>
                  <Typography component="h2" variant="subtitle1" sx={{ overflowWrap: 'anywhere' }}>
                    {p.name}
                  </Typography>
                  <Button size="small" startIcon={<EditOutlined />} onClick={() => setEditing(p)} aria-label={`Edit ${p.name}’s profile`}>
                    Edit
                  </Button>
                </Box>
                <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5 }}>
                  {p.apparatuses.length ? (
                    p.apparatuses.map((a) => <Chip key={a.id} size="small" variant="outlined" label={a.name} />)
                  ) : (
                    <Chip size="small" label="No apparatus listed" />
                  )}
                </Box>
                <Typography
                  variant="body2"
                  color="text.secondary"
                  sx={{ display: '-webkit-box', WebkitLineClamp: 3, WebkitBoxOrient: 'vertical', overflow: 'hidden' }}
                >
                  {p.bio || 'No bio yet.'}
                </Typography>
              </Box>
            </Card>
          </li>
        ))}
      </Box>
      {editing && <EditDialog person={editing} onClose={() => setEditing(null)} />}
    </>
  );
}
