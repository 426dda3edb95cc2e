/**
 * Light primitives for the landing route and the navigation bar: styled with the MUI theme (same radius, weight
 * and colours as MUI's Button and IconButton) but without ButtonBase, ripples and transitions, so the landing
 * route's initial JavaScript stays small. Pages deeper in the app use MUI's components directly.
 */
import { alpha, styled, type Theme } from '@mui/material/styles';
import { Link as RouterLink } from 'react-router-dom';

export type UiVariant = 'text' | 'contained' | 'outlined' | 'light' | 'outlined-light';
export type UiSize = 'medium' | 'large';

interface ButtonStyleProps {
  $variant?: UiVariant;
  $size?: UiSize;
  $fullWidth?: boolean;
}

function buttonStyles(theme: Theme, { $variant = 'text', $size = 'medium', $fullWidth }: ButtonStyleProps) {
  const primary = theme.palette.primary.main;
  const base = {
    display: $fullWidth ? 'flex' : 'inline-flex',
    width: $fullWidth ? '100%' : undefined,
    alignItems: 'center',
    justifyContent: 'center',
    gap: 8,
    boxSizing: 'border-box' as const,
    minHeight: $size === 'large' ? 46 : 38,
    padding: $size === 'large' ? '10px 22px' : '6px 16px',
    borderRadius: 10,
    border: '1px solid transparent',
    font: 'inherit',
    fontSize: $size === 'large' ? '1rem' : '0.9rem',
    fontWeight: theme.typography.fontWeightSemiBold,
    lineHeight: 1.5,
    textDecoration: 'none',
    whiteSpace: 'nowrap' as const,
    cursor: 'pointer',
    transition: 'background-color 150ms ease, border-color 150ms ease, color 150ms ease, box-shadow 150ms ease',
    '&:focus-visible': { outline: `3px solid ${alpha(primary, 0.45)}`, outlineOffset: 2 },
    '& svg': { fontSize: $size === 'large' ? 22 : 20 },
  };
  switch ($variant) {
    case 'contained':
      return {
        ...base,
        backgroundColor: primary,
        color: theme.palette.primary.contrastText,
        '&:hover': { backgroundColor: theme.palette.primary.dark },
      };
    case 'outlined':
      return {
        ...base,
        borderColor: alpha(primary, 0.5),
        color: primary,
        '&:hover': { borderColor: primary, backgroundColor: alpha(primary, 0.06) },
      };
    case 'light':
      return {
        ...base,
        backgroundColor: theme.palette.common.white,
        color: theme.palette.primary.dark,
        '&:hover': { backgroundColor: alpha(theme.palette.common.white, 0.9) },
      };
    case 'outlined-light':
      return {
        ...base,
        borderColor: alpha(theme.palette.common.white, 0.6),
        color: theme.palette.common.white,
        '&:hover': { borderColor: theme.palette.common.white, backgroundColor: alpha(theme.palette.common.white, 0.1) },
      };
    default:
      return { ...base, color: theme.palette.text.primary, '&:hover': { backgroundColor: alpha(theme.palette.text.primary, 0.06) } };
  }
}

/** Keep style-only props ($variant, sx, theme…) off the DOM element. */
export const transient = {
  shouldForwardProp: (prop: string) => !prop.startsWith('$') && !['sx', 'theme', 'ownerState', 'as'].includes(prop),
};

/** A router link that looks like a button. */
export const LinkButton = styled(RouterLink, transient)<ButtonStyleProps>(({ theme, ...p }) => buttonStyles(theme, p));
/** An external link that looks like a button. */
export const AnchorButton = styled('a', transient)<ButtonStyleProps>(({ theme, ...p }) => buttonStyles(theme, p));

/** A round icon button (40 px), like MUI's IconButton. */
export const IconBtn = styled(
  'button',
  transient,
)(({ theme }) => ({
  position: 'relative',
  display: 'inline-grid',
  placeItems: 'center',
  width: 40,
  height: 40,
  padding: 0,
  border: 0,
  borderRadius: '50%',
  background: 'transparent',
  color: theme.palette.text.secondary,
  cursor: 'pointer',
  transition: 'background-color 150ms ease, color 150ms ease',
  '&:hover': { backgroundColor: alpha(theme.palette.text.primary, 0.06), color: theme.palette.text.primary },
  '&:focus-visible': { outline: `3px solid ${alpha(theme.palette.primary.main, 0.45)}`, outlineOffset: 1 },
  '& svg': { fontSize: 24 },
}));

/** The count on the cart and notifications buttons. */
export const CountBadge = styled(
  'span',
  transient,
)(({ theme }) => ({
  position: 'absolute',
  top: 2,
  right: 0,
  minWidth: 18,
  height: 18,
  padding: '0 5px',
  borderRadius: 9,
  boxSizing: 'border-box',
  backgroundColor: theme.palette.primary.main,
  color: theme.palette.primary.contrastText,
  fontSize: 11,
  fontWeight: theme.typography.fontWeightBold,
  lineHeight: '18px',
  textAlign: 'center',
  pointerEvents: 'none',
}));

/** A centred page-width container, like MUI's Container (lg). */
export const Section = styled(
  'div',
  transient,
)(({ theme }) => ({
  width: '100%',
  maxWidth: 1200,
  marginInline: 'auto',
  paddingInline: 16,
  boxSizing: 'border-box',
  [theme.breakpoints.up('sm')]: { paddingInline: 24 },
}));

/** Text for screen readers only. */
export const visuallyHidden = {
  border: 0,
  clip: 'rect(0 0 0 0)',
  height: '1px',
  margin: '-1px',
  overflow: 'hidden',
  padding: 0,
  position: 'absolute',
  whiteSpace: 'nowrap',
  width: '1px',
} as const;
