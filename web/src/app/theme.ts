import { alpha, createTheme, type Theme } from '@mui/material/styles';
import { accessibleShade } from './color';

export const DEFAULT_PRIMARY = '#8B5CF6';
export const DEFAULT_SECONDARY = '#A855F7';
/** Spec §9: used when a configured colour is missing or not a colour. */
export const FALLBACK_COLOR = '#6366f1';

const HEX = /^#[0-9A-Fa-f]{6}$/;

export function brandColor(value: string | null | undefined): string {
  return value && HEX.test(value) ? value : FALLBACK_COLOR;
}

export const fontFamily = ['Inter', 'system-ui', '-apple-system', '"Segoe UI"', 'Roboto', '"Helvetica Neue"', 'Arial', 'sans-serif'].join(
  ',',
);

/** The studio theme: the landing page's colours on a calm, rounded base. */
export function createStudioTheme(primary = DEFAULT_PRIMARY, secondary = DEFAULT_SECONDARY): Theme {
  // Buttons and links need readable contrast; the raw brand colours stay available for decoration.
  const main = accessibleShade(brandColor(primary));
  const second = accessibleShade(brandColor(secondary));
  return createTheme({
    palette: {
      primary: { main },
      secondary: { main: second },
      background: { default: '#F8F7FC', paper: '#FFFFFF' },
      text: { primary: '#1F1B2D', secondary: '#5B5670' },
      divider: '#E7E4F0',
      success: { main: '#15803D' },
      error: { main: '#C2281D' },
      warning: { main: '#B45309' },
    },
    shape: { borderRadius: 12 },
    typography: {
      fontFamily,
      h1: { fontWeight: 800, letterSpacing: '-0.02em' },
      h2: { fontWeight: 800, letterSpacing: '-0.02em' },
      h3: { fontWeight: 700, letterSpacing: '-0.01em' },
      h4: { fontWeight: 700, letterSpacing: '-0.01em' },
      h5: { fontWeight: 700 },
      h6: { fontWeight: 700 },
      button: { textTransform: 'none', fontWeight: 600 },
    },
    components: {
      MuiButton: {
        defaultProps: { disableElevation: true },
        styleOverrides: { root: { borderRadius: 10, paddingInline: 18 }, sizeLarge: { paddingBlock: 10, fontSize: '1rem' } },
      },
      MuiCard: {
        defaultProps: { elevation: 0 },
        styleOverrides: { root: { border: '1px solid #E7E4F0', borderRadius: 16 } },
      },
      MuiPaper: { styleOverrides: { rounded: { borderRadius: 16 } } },
      MuiAppBar: {
        defaultProps: { elevation: 0, color: 'inherit' },
        styleOverrides: {
          root: { backgroundColor: alpha('#FFFFFF', 0.92), backdropFilter: 'blur(8px)', borderBottom: '1px solid #E7E4F0' },
        },
      },
      MuiTextField: { defaultProps: { fullWidth: true } },
      MuiChip: { styleOverrides: { root: { fontWeight: 600 } } },
      MuiLink: { defaultProps: { underline: 'hover' } },
      MuiMenuItem: { styleOverrides: { root: { borderRadius: 8, marginInline: 6, minHeight: 40 } } },
      MuiListItemButton: { styleOverrides: { root: { borderRadius: 10 } } },
      MuiTooltip: { defaultProps: { arrow: true } },
      MuiAvatar: { styleOverrides: { colorDefault: { color: '#FFFFFF' } } },
    },
  });
}
