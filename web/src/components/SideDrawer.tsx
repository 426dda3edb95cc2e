import Drawer from '@mui/material/Drawer';
import type { ReactNode } from 'react';

/**
 * The admin pages' record drawer: opens from the right beside the table (the whole screen on phones), is a modal
 * dialog named by its heading (`labelledBy`: the heading's id), and closes on Escape or a click outside.
 */
export function SideDrawer({
  labelledBy,
  width = 480,
  onClose,
  children,
}: {
  labelledBy: string;
  width?: number;
  onClose: () => void;
  children: ReactNode;
}) {
  return (
    <Drawer
      anchor="right"
      open
      onClose={onClose}
      slotProps={{
        paper: {
          sx: { width: { xs: '100%', sm: width }, p: { xs: 2, sm: 3 }, boxSizing: 'border-box' },
          role: 'dialog',
          'aria-modal': true,
          'aria-labelledby': labelledBy,
        },
      }}
    >
      {children}
    </Drawer>
  );
}
