import ChatBubbleOutlineRounded from '@mui/icons-material/ChatBubbleOutlineRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { lazyComponent } from '../app/lazyPage';

const FeedbackDialog = lazyComponent(() => import('./FeedbackDialog').then((m) => m.default));

/** Height of the bar carrying the Feedback button; the shell keeps more than this free at the page foot (AppRoutes). */
const FEEDBACK_BAR_HEIGHT = 56;

/**
 * The floating Feedback button (signed-in users only, see AppRoutes). It floats in a slim bar fixed to the
 * bottom of the window rather than over the page, so it never covers a table cell or a card: content scrolls
 * above the bar the way it scrolls below the navigation bar.
 */
export default function FeedbackButton() {
  const [open, setOpen] = useState(false);
  const [loaded, setLoaded] = useState(false);
  return (
    <Box
      component="aside"
      aria-label="Feedback"
      sx={{
        position: 'fixed',
        left: 0,
        right: 0,
        bottom: 0,
        zIndex: 1100,
        height: FEEDBACK_BAR_HEIGHT,
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'flex-end',
        gap: 2,
        px: { xs: 2, md: 3 },
        bgcolor: 'rgba(255, 255, 255, 0.92)',
        backdropFilter: 'blur(8px)',
        borderTop: 1,
        borderColor: 'divider',
      }}
    >
      <Typography variant="body2" color="text.secondary" noWrap>
        <Box component="span" sx={{ display: { xs: 'none', sm: 'inline' } }}>
          Ideas, questions or something broken?
        </Box>
        <Box component="span" sx={{ display: { xs: 'inline', sm: 'none' } }}>
          Ideas or problems?
        </Box>
      </Typography>
      <Button
        variant="contained"
        onClick={() => {
          setLoaded(true);
          setOpen(true);
        }}
        aria-haspopup="dialog"
        startIcon={<ChatBubbleOutlineRounded fontSize="small" />}
        sx={{ borderRadius: '20px', px: 2.25, flexShrink: 0, boxShadow: '0 6px 16px rgba(76, 29, 149, 0.22)' }}
      >
        Feedback
      </Button>
      {loaded && <FeedbackDialog open={open} onClose={() => setOpen(false)} />}
    </Box>
  );
}
