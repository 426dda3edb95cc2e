import Box from '@mui/material/Box';
import { alpha } from '@mui/material/styles';
import type { ReactNode } from 'react';

/** One option of the booking panel's lists (a person, a rig point): a card with a radio or a check box. */
export function Choice({
  selected,
  disabled,
  onSelect,
  children,
  name,
  value,
  multiple = false,
}: {
  selected: boolean;
  disabled: boolean;
  onSelect: () => void;
  children: ReactNode;
  name: string;
  value: string;
  /** Several may be picked (check boxes) rather than one (radios). */
  multiple?: boolean;
}) {
  return (
    <Box
      component="label"
      sx={{
        display: 'flex',
        alignItems: 'center',
        gap: 1.5,
        p: 1.5,
        borderRadius: '12px',
        border: 2,
        borderColor: selected ? 'primary.main' : 'divider',
        bgcolor: selected ? (t) => alpha(t.palette.primary.main, 0.05) : disabled ? 'studio.surface.disabled' : 'background.paper',
        cursor: disabled ? 'default' : 'pointer',
        transition: 'border-color 120ms ease, background-color 120ms ease',
        '&:has(input:focus-visible)': { outline: (t) => `3px solid ${alpha(t.palette.primary.main, 0.45)}`, outlineOffset: 2 },
      }}
    >
      <Box
        component="input"
        type={multiple ? 'checkbox' : 'radio'}
        name={name}
        value={value}
        checked={selected}
        disabled={disabled}
        onChange={onSelect}
        sx={{ width: 20, height: 20, m: 0, accentColor: (t) => t.palette.primary.main, flexShrink: 0 }}
      />
      <Box sx={{ minWidth: 0, flex: 1 }}>{children}</Box>
    </Box>
  );
}
