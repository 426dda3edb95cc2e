import ChatBubbleOutlineRounded from '@mui/icons-material/ChatBubbleOutlineRounded';
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import { useState } from 'react';
import { lazyComponent } from '../app/lazyPage';

const FeedbackDialog = lazyComponent(() => import('./FeedbackDialog').then((m) => m.default));

/** The tab's width: the page gutter the shell keeps at every width (AppRoutes), so the tab sits in it. */
export const FEEDBACK_TAB_WIDTH = 24;

/**
 * The floating Feedback button (signed-in users only, see AppRoutes): a narrow tab on the window's right edge, in
 * the gutter every page keeps beside its content, so it floats over no card, table cell or button at any scroll
 * position, and takes no height from the page.
 */
export default function FeedbackButton() {
  const [open, setOpen] = useState(false);
  const [loaded, setLoaded] = useState(false);
  return (
    <Box component="aside" aria-label="Feedback" sx={{ position: 'fixed', right: 0, bottom: { xs: 132, md: 160 }, zIndex: 1050 }}>
      <ButtonBase
        onClick={() => {
          setLoaded(true);
          setOpen(true);
        }}
        aria-haspopup="dialog"
        sx={{
          width: FEEDBACK_TAB_WIDTH,
          py: 1.5,
          gap: 0.75,
          // Read bottom to top, as side tabs are.
          writingMode: 'vertical-rl',
          transform: 'rotate(180deg)',
          borderRadius: '0 10px 10px 0',
          bgcolor: 'primary.main',
          color: 'primary.contrastText',
          typography: 'body2',
          fontWeight: 'fontWeightBold',
          letterSpacing: '0.02em',
          boxShadow: '-2px 4px 12px rgba(76, 29, 149, 0.25)',
          '&:hover': { bgcolor: 'primary.dark' },
          '&.Mui-focusVisible': { outline: '3px solid', outlineColor: 'secondary.main', outlineOffset: 2 },
        }}
      >
        <ChatBubbleOutlineRounded aria-hidden sx={{ fontSize: 15, transform: 'rotate(90deg)' }} />
        Feedback
      </ButtonBase>
      {loaded && <FeedbackDialog open={open} onClose={() => setOpen(false)} />}
    </Box>
  );
}
