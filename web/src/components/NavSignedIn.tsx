import ExpandMoreRounded from '@mui/icons-material/ExpandMoreRounded';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { alpha, type Theme } from '@mui/material/styles';
import { useId, useState } from 'react';
import { NavLink } from 'react-router-dom';
import type { SessionUser } from '../app/session';
import { LazyAccountMenu, LazyMoreMenu, loadNavMenus, prefetch } from './lazyOverlay';
import { inlineLinks, overflowLinks } from './navItems';
import { visuallyHidden } from './ui';
import { initials } from './userLabels';

/** The signed-in desktop parts of the navigation bar, loaded once someone is signed in. */
const linkSx = {
  color: 'text.secondary',
  fontWeight: 'fontWeightSemiBold',
  px: 1.5,
  whiteSpace: 'nowrap',
  '&:hover': { color: 'text.primary' },
  '&.active': { color: 'primary.main', bgcolor: (t: Theme) => alpha(t.palette.primary.main, 0.08) },
} as const;

const warm = prefetch(loadNavMenus);

export function DesktopLinks({ user }: { user: SessionUser }) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [used, setUsed] = useState(false);
  const menuId = useId();
  const more = overflowLinks(user.role);
  return (
    <Box component="nav" aria-label="Main" sx={{ display: 'flex', alignItems: 'center', gap: 0.5, ml: 2 }}>
      {inlineLinks(user.role).map((item) => (
        <Button key={item.to} component={NavLink} to={item.to} end sx={linkSx}>
          {item.label}
        </Button>
      ))}
      {more.length > 0 && (
        <>
          <Button
            sx={linkSx}
            endIcon={<ExpandMoreRounded />}
            aria-haspopup="menu"
            aria-expanded={Boolean(anchor)}
            aria-controls={anchor ? menuId : undefined}
            onPointerEnter={warm}
            onFocus={warm}
            onClick={(e) => {
              setUsed(true);
              setAnchor(e.currentTarget);
            }}
          >
            More
          </Button>
          {used && <LazyMoreMenu id={menuId} anchorEl={anchor} open={Boolean(anchor)} onClose={() => setAnchor(null)} items={more} />}
        </>
      )}
    </Box>
  );
}

export function AccountButton({ user, onSignOut }: { user: SessionUser; onSignOut: () => void }) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [used, setUsed] = useState(false);
  const menuId = useId();
  return (
    <>
      <Button
        onPointerEnter={warm}
        onFocus={warm}
        onClick={(e) => {
          setUsed(true);
          setAnchor(e.currentTarget);
        }}
        aria-haspopup="menu"
        aria-expanded={Boolean(anchor)}
        aria-controls={anchor ? menuId : undefined}
        endIcon={<ExpandMoreRounded />}
        sx={{ color: 'text.primary', pl: 0.75, pr: 1.25, ml: 0.5, borderRadius: 99, border: 1, borderColor: 'divider' }}
      >
        <Avatar
          aria-hidden
          sx={{ width: 30, height: 30, fontSize: 13, fontWeight: 'fontWeightBold', bgcolor: 'primary.main', color: 'common.white', mr: 1 }}
        >
          {initials(user)}
        </Avatar>
        <Box component="span" sx={visuallyHidden}>
          Account menu for{' '}
        </Box>
        <Box component="span" sx={{ maxWidth: 120, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
          {user.firstName}
        </Box>
      </Button>
      {used && (
        <LazyAccountMenu
          id={menuId}
          anchorEl={anchor}
          open={Boolean(anchor)}
          onClose={() => setAnchor(null)}
          user={user}
          onSignOut={onSignOut}
        />
      )}
    </>
  );
}
