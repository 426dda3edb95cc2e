import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { alpha } from '@mui/material/styles';
import { apparatusColor, apparatusInk } from '../schedule/classLabels';
import { InstructorAvatar } from './InstructorAvatar';
import type { InstructorProfileFragment } from './instructorProfile.generated';

/** "Your instructor" on class details: photo (or initials), name, the apparatus they teach, their bio. */
export function InstructorCard({ instructor }: { instructor: InstructorProfileFragment }) {
  return (
    <Box
      component="section"
      aria-label={`About ${instructor.name}`}
      sx={{
        display: 'flex',
        gap: 2,
        alignItems: 'flex-start',
        p: 2,
        borderRadius: '14px',
        bgcolor: 'studio.surface.muted',
        border: 1,
        borderColor: 'divider',
      }}
    >
      <InstructorAvatar name={instructor.name} photoUrl={instructor.photoUrl} size={64} />
      <Box sx={{ minWidth: 0, flex: 1 }}>
        <Typography variant="overline" color="text.secondary" sx={{ lineHeight: 1.4, display: 'block' }}>
          Your instructor
        </Typography>
        <Typography component="h3" sx={{ fontWeight: 'fontWeightExtraBold', fontSize: 17 }}>
          {instructor.name}
        </Typography>
        {instructor.apparatuses.length > 0 && (
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5, mt: 0.75 }} aria-label="Teaches">
            {instructor.apparatuses.map((a) => (
              <Chip
                key={a.id}
                size="small"
                label={a.name}
                sx={{ bgcolor: alpha(apparatusColor(a.name), 0.12), color: apparatusInk(a.name), fontWeight: 'fontWeightBold' }}
              />
            ))}
          </Box>
        )}
        {instructor.bio && (
          <Typography variant="body2" sx={{ mt: 1, lineHeight: 1.6, whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
            {instructor.bio}
          </Typography>
        )}
      </Box>
    </Box>
  );
}
