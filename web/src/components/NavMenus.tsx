import { fullName } from '@studio/rules';
import CloseRounded from '@mui/icons-material/CloseRounded';
import LogoutRounded from '@mui/icons-material/LogoutRounded';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import ListSubheader from '@mui/material/ListSubheader';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Typography from '@mui/material/Typography';
import { Link as RouterLink, useLocation } from 'react-router-dom';
import type { SessionUser } from '../app/session';
import { Brand } from './Brand';
import { SIGN_OUT_LABEL, accountMenuLinks, primaryLinks, signedOutDrawerLinks, type NavItem } from './navItems';
import { initials, roleLabels } from './userLabels';

interface MenuProps {
  id: string;
  anchorEl: HTMLElement | null;
  open: boolean;
  onClose: () => void;
}

/** Desktop: the links past the first four. */
export function MoreMenu({ id, anchorEl, open, onClose, items }: MenuProps & { items: NavItem[] }) {
  return (
    <Menu id={id} anchorEl={anchorEl} open={open} onClose={onClose}>
      {items.map((item) => (
        <MenuItem key={item.to} component={RouterLink} to={item.to} onClick={onClose}>
          {item.label}
        </MenuItem>
      ))}
    </Menu>
  );
}

/** Desktop: the account menu, ending with Sign out. */
export function AccountMenu({ id, anchorEl, open, onClose, user, onSignOut }: MenuProps & { user: SessionUser; onSignOut: () => void }) {
  return (
    <Menu
      id={id}
      anchorEl={anchorEl}
      open={open}
      onClose={onClose}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
      transformOrigin={{ vertical: 'top', horizontal: 'right' }}
      slotProps={{ paper: { sx: { minWidth: 240, mt: 1 } } }}
    >
      <Box sx={{ px: 2, pt: 1, pb: 1.5 }} aria-hidden>
        <Typography sx={{ fontWeight: 'fontWeightBold' }}>{fullName(user)}</Typography>
        <Typography variant="body2" color="text.secondary">
          {roleLabels[user.role] ?? user.role}
          {user.username ? ` · @${user.username}` : ''}
        </Typography>
      </Box>
      <Divider sx={{ mb: 0.5 }} />
      {accountMenuLinks(user.role).map((item) => (
        <MenuItem key={item.to + item.label} component={RouterLink} to={item.to} onClick={onClose}>
          {item.label}
        </MenuItem>
      ))}
      <Divider />
      <MenuItem
        onClick={() => {
          onClose();
          onSignOut();
        }}
      >
        <ListItemIcon>
          <LogoutRounded fontSize="small" />
        </ListItemIcon>
        {SIGN_OUT_LABEL}
      </MenuItem>
    </Menu>
  );
}

/** Phones and tablets: every link and the account items in a drawer. */
export function MobileDrawer({
  open,
  onClose,
  user,
  onSignOut,
}: {
  open: boolean;
  onClose: () => void;
  user: SessionUser | null;
  onSignOut: () => void;
}) {
  const location = useLocation();
  const item = (to: string, label: string) => (
    <ListItemButton key={to + label} component={RouterLink} to={to} onClick={onClose} selected={location.pathname === to}>
      <ListItemText primary={label} slotProps={{ primary: { sx: { fontWeight: 'fontWeightSemiBold' } } }} />
    </ListItemButton>
  );
  return (
    <Drawer anchor="left" open={open} onClose={onClose} slotProps={{ paper: { sx: { width: 300, maxWidth: '85vw' } } }}>
      <Box component="nav" aria-label="Main menu" sx={{ display: 'flex', flexDirection: 'column', minHeight: '100%' }}>
        <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', px: 2, py: 1.5 }}>
          <Brand />
          <IconButton aria-label="Close menu" onClick={onClose}>
            <CloseRounded />
          </IconButton>
        </Box>
        <Divider />
        {user ? (
          <>
            <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, px: 2.5, py: 2 }}>
              <Avatar sx={{ bgcolor: 'primary.main', fontWeight: 'fontWeightBold' }}>{initials(user)}</Avatar>
              <Box sx={{ minWidth: 0 }}>
                <Typography sx={{ fontWeight: 'fontWeightBold' }} noWrap>
                  {fullName(user)}
                </Typography>
                <Typography variant="body2" color="text.secondary">
                  {roleLabels[user.role] ?? user.role}
                </Typography>
              </Box>
            </Box>
            <List sx={{ px: 1 }}>{primaryLinks(user.role).map((l) => item(l.to, l.label))}</List>
            <Divider />
            <List sx={{ px: 1 }} subheader={<ListSubheader sx={{ bgcolor: 'transparent', lineHeight: '36px' }}>Account</ListSubheader>}>
              {accountMenuLinks(user.role).map((l) => item(l.to, l.label))}
            </List>
            <Divider />
            <List sx={{ px: 1 }}>
              <ListItemButton
                onClick={() => {
                  onClose();
                  onSignOut();
                }}
              >
                <ListItemIcon sx={{ minWidth: 36 }}>
                  <LogoutRounded fontSize="small" />
                </ListItemIcon>
                <ListItemText primary={SIGN_OUT_LABEL} slotProps={{ primary: { sx: { fontWeight: 'fontWeightSemiBold' } } }} />
              </ListItemButton>
            </List>
          </>
        ) : (
          <List sx={{ px: 1, py: 1.5 }}>{signedOutDrawerLinks.map((l) => item(l.to, l.label))}</List>
        )}
      </Box>
    </Drawer>
  );
}
