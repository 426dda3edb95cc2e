import MenuRounded from '@mui/icons-material/MenuRounded';
import Box from '@mui/material/Box';
import { alpha, styled, useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useState } from 'react';
import { STAFF_AND_PARENT_ROLES } from '../app/guard';
import { useAuth } from '../app/session';
import { Brand } from './Brand';
import { CartPopover } from './CartPopover';
import { LazyMobileDrawer, loadNavMenus, prefetch } from './lazyOverlay';
import { NotificationsPopover } from './NotificationsPopover';
import { signedOutLinks } from './navItems';
import { IconBtn, LinkButton, transient } from './ui';
import { lazyComponent } from '../app/lazyPage';

const NavSignedIn = () => import('./NavSignedIn');
const DesktopLinks = lazyComponent(() => NavSignedIn().then((m) => m.DesktopLinks));
const AccountButton = lazyComponent(() => NavSignedIn().then((m) => m.AccountButton));
const warm = prefetch(loadNavMenus);
const ChatNavButton = lazyComponent(() => import('./ChatNavButton').then((m) => m.default));

const Bar = styled(
  'header',
  transient,
)(({ theme }) => ({
  position: 'sticky',
  top: 0,
  zIndex: theme.zIndex.appBar,
  backgroundColor: alpha(theme.palette.common.white, 0.92),
  backdropFilter: 'blur(8px)',
  borderBottom: `1px solid ${theme.palette.divider}`,
  color: theme.palette.text.primary,
}));

const BarInner = styled(
  'div',
  transient,
)(({ theme }) => ({
  display: 'flex',
  alignItems: 'center',
  gap: 4,
  minHeight: 60,
  maxWidth: 1280,
  marginInline: 'auto',
  padding: '0 8px',
  [theme.breakpoints.up('sm')]: { padding: '0 16px' },
  [theme.breakpoints.up('md')]: { minHeight: 68, padding: '0 24px' },
}));

/** The navigation bar, for every role, on desktop and in the mobile drawer. */
export function NavBar() {
  const { user, status, logout } = useAuth();
  const theme = useTheme();
  const isDesktop = useMediaQuery(theme.breakpoints.up('md'), { noSsr: true });
  const [drawerOpen, setDrawerOpen] = useState(false);
  const [drawerUsed, setDrawerUsed] = useState(false);
  const signOut = () => void logout();

  return (
    <Bar>
      <BarInner>
        {!isDesktop && (
          <IconBtn
            type="button"
            aria-label="Open menu"
            aria-haspopup="dialog"
            aria-expanded={drawerOpen}
            onPointerEnter={warm}
            onFocus={warm}
            onClick={() => {
              setDrawerUsed(true);
              setDrawerOpen(true);
            }}
            sx={{ mr: 0.5, color: 'text.primary' }}
          >
            <MenuRounded />
          </IconBtn>
        )}
        <Brand compact={!isDesktop && Boolean(user)} />
        {isDesktop && user && <DesktopLinks user={user} />}
        <Box sx={{ flexGrow: 1 }} />
        <CartPopover signedIn={Boolean(user)} />
        {user && STAFF_AND_PARENT_ROLES.includes(user.role) && <ChatNavButton key={user.id} />}
        <NotificationsPopover />
        {isDesktop && user && <AccountButton user={user} onSignOut={signOut} />}
        {isDesktop && !user && status === 'signed-out' && (
          <Box sx={{ display: 'flex', gap: 1, ml: 1 }}>
            <LinkButton to={signedOutLinks[0].to}>{signedOutLinks[0].label}</LinkButton>
            <LinkButton to={signedOutLinks[1].to} $variant="contained">
              {signedOutLinks[1].label}
            </LinkButton>
          </Box>
        )}
      </BarInner>
      {!isDesktop && drawerUsed && (
        <LazyMobileDrawer open={drawerOpen} onClose={() => setDrawerOpen(false)} user={user} onSignOut={signOut} />
      )}
    </Bar>
  );
}
