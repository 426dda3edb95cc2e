import ChatBubbleOutlineRounded from '@mui/icons-material/ChatBubbleOutlineRounded';
import Box from '@mui/material/Box';
import Fab from '@mui/material/Fab';
import { Suspense, lazy, useState } from 'react';

const FeedbackDialog = lazy(() => import('./FeedbackDialog'));

/** The floating Feedback button (signed-in users only, see AppRoutes; spec §2). */
export default function FeedbackButton() {
  const [open, setOpen] = useState(false);
  const [loaded, setLoaded] = useState(false);
  return (
    <>
      <Fab
        variant="extended"
        color="primary"
        onClick={() => {
          setLoaded(true);
          setOpen(true);
        }}
        aria-haspopup="dialog"
        aria-label="Feedback"
        sx={{
          position: 'fixed',
          right: { xs: 16, md: 24 },
          bottom: { xs: 16, md: 24 },
          zIndex: 1200,
          gap: 1,
          boxShadow: '0 10px 24px rgba(76, 29, 149, 0.28)',
          // A round icon button on phones, a labelled pill from tablets up.
          minWidth: { xs: 56, md: 48 },
          width: { xs: 56, md: 'auto' },
          height: { xs: 56, md: 48 },
          px: { xs: 0, md: 2.5 },
          borderRadius: { xs: '50%', md: '24px' },
        }}
      >
        <ChatBubbleOutlineRounded fontSize="small" />
        <Box component="span" sx={{ display: { xs: 'none', md: 'inline' } }}>
          Feedback
        </Box>
      </Fab>
      {loaded && (
        <Suspense fallback={null}>
          <FeedbackDialog open={open} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
