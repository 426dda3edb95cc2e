import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { useState } from 'react';

/** A move's picture as a thumbnail beside its name; a tap shows it whole, with the move's safety notes. */
export function MovePicture({ move }: { move: { name: string; imageUrl?: string | null; safetyNotes: string } }) {
  const [open, setOpen] = useState(false);
  if (!move.imageUrl) return null;
  return (
    <>
      <ButtonBase
        onClick={() => setOpen(true)}
        aria-label={`Picture of ${move.name}`}
        sx={{ width: 48, height: 48, borderRadius: 1.5, overflow: 'hidden', flexShrink: 0, bgcolor: 'action.hover' }}
      >
        <Box component="img" src={move.imageUrl} alt="" loading="lazy" sx={{ width: '100%', height: '100%', objectFit: 'cover' }} />
      </ButtonBase>
      {open && (
        <Dialog open onClose={() => setOpen(false)} maxWidth="sm" fullWidth aria-labelledby="move-picture-title">
          <DialogTitle id="move-picture-title">{move.name}</DialogTitle>
          <DialogContent>
            <Box component="img" src={move.imageUrl} alt={move.name} sx={{ width: '100%', borderRadius: 2, display: 'block' }} />
            {move.safetyNotes && (
              <Typography variant="body2" color="text.secondary" sx={{ mt: 1.5 }}>
                {move.safetyNotes}
              </Typography>
            )}
          </DialogContent>
        </Dialog>
      )}
    </>
  );
}
