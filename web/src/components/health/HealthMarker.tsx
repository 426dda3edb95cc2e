import MedicalInformationOutlined from '@mui/icons-material/MedicalInformationOutlined';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Popover from '@mui/material/Popover';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import type { HealthDetailsFieldsFragment } from './health.generated';

function Line({ label, text }: { label: string; text: string }) {
  if (!text) return null;
  return (
    <Box component="div" sx={{ '& + &': { mt: 1.25 } }}>
      <Typography variant="caption" color="text.secondary" component="dt" sx={{ fontWeight: 'fontWeightSemiBold' }}>
        {label}
      </Typography>
      <Typography variant="body2" component="dd" sx={{ m: 0, whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
        {text}
      </Typography>
    </Box>
  );
}

/** A small medical icon beside a name on a staff roster; it opens the person's details in a popover. */
export function HealthMarker({ name, health }: { name: string; health: HealthDetailsFieldsFragment }) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const id = useId();
  const contact = [health.emergencyContactName, health.emergencyContactRelationship && `(${health.emergencyContactRelationship})`]
    .filter(Boolean)
    .join(' ');
  return (
    <>
      <IconButton
        size="small"
        color="error"
        aria-label={`Health details for ${name}`}
        aria-haspopup="dialog"
        aria-expanded={anchor ? 'true' : 'false'}
        aria-controls={anchor ? id : undefined}
        onClick={(e) => setAnchor(e.currentTarget)}
        sx={{ p: 0.25, ml: 0.5, verticalAlign: 'text-bottom' }}
      >
        <MedicalInformationOutlined fontSize="small" />
      </IconButton>
      <Popover
        id={id}
        open={Boolean(anchor)}
        anchorEl={anchor}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'left' }}
        slotProps={{ paper: { role: 'dialog', 'aria-label': `Health details for ${name}` } }}
      >
        {/* Fits a phone: never wider than the screen less a margin. */}
        <Box sx={{ p: 2, width: 'min(320px, calc(100vw - 32px))' }}>
          <Typography variant="subtitle2" sx={{ mb: 1, overflowWrap: 'anywhere' }}>
            {name}
          </Typography>
          <Box component="dl" sx={{ m: 0 }}>
            <Line label="Allergies" text={health.allergies} />
            <Line label="Medical notes" text={health.medicalNotes} />
            <Line label="Emergency contact" text={[contact, health.emergencyContactPhone].filter(Boolean).join(' · ')} />
          </Box>
        </Box>
      </Popover>
    </>
  );
}
