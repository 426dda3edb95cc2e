import ShoppingBagOutlined from '@mui/icons-material/ShoppingBagOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Popover from '@mui/material/Popover';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';
import { EmptyState } from './EmptyState';

export interface PanelProps {
  id: string;
  anchorEl: HTMLElement | null;
  open: boolean;
  onClose: () => void;
  signedIn: boolean;
}

/** The cart popover's content: empty until the cart issue fills it. */
export default function CartPanel({ id, anchorEl, open, onClose, signedIn, itemCount }: PanelProps & { itemCount: number }) {
  return (
    <Popover
      id={id}
      open={open}
      anchorEl={anchorEl}
      onClose={onClose}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
      transformOrigin={{ vertical: 'top', horizontal: 'right' }}
      slotProps={{ paper: { role: 'dialog', 'aria-label': 'Cart', sx: { width: 340, maxWidth: 'calc(100vw - 24px)', mt: 1 } } }}
    >
      <Box sx={{ px: 2.5, pt: 2, pb: 1.5, display: 'flex', alignItems: 'baseline', justifyContent: 'space-between' }}>
        <Typography component="h2" variant="subtitle1" sx={{ fontWeight: 700 }}>
          Your cart
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {itemCount} {itemCount === 1 ? 'item' : 'items'}
        </Typography>
      </Box>
      <Divider />
      <EmptyState dense icon={<ShoppingBagOutlined />} title="Your cart is empty">
        {signedIn ? 'Classes, memberships and merch you add will show up here.' : 'Sign in to book classes and shop the studio.'}
      </EmptyState>
      <Divider />
      <Box sx={{ p: 1.5, display: 'flex', gap: 1 }}>
        {signedIn ? (
          <>
            <Button fullWidth variant="outlined" component={RouterLink} to="/classes" onClick={onClose}>
              Browse classes
            </Button>
            <Button fullWidth variant="contained" component={RouterLink} to="/merch" onClick={onClose}>
              Shop merch
            </Button>
          </>
        ) : (
          <Button fullWidth variant="contained" component={RouterLink} to="/login" onClick={onClose}>
            Sign in
          </Button>
        )}
      </Box>
    </Popover>
  );
}
