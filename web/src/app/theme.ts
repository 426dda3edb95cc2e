import { alpha, createTheme, type Theme } from '@mui/material/styles';
import { accessibleShade } from './color';

/**
 * The studio's colours, each used by name: in sx as theme paths ('studio.surface.muted', 'studio.tone.open.ink'), and
 * through this object where a colour is computed on (alpha, contrast) or drawn outside MUI.
 */
export const studioColors = {
  white: '#FFFFFF',
  ink: '#1F1B2D',
  inkSoft: '#5B5670',
  line: '#E7E4F0',
  background: '#F8F7FC',
  success: '#15803D',
  error: '#C2281D',
  warning: '#B45309',
  /** MUI's own info blue (#0288D1) is 3.9:1 on white, under the 4.5:1 small text needs. */
  info: '#0369A1',
  /** Quiet backgrounds: days outside the month, past classes, disabled choices, notices. */
  surface: { muted: '#FBFAFE', past: '#F6F5FA', disabled: '#FAF9FC', warning: '#FFFBF2', success: '#F3FAF6', error: '#FFF7F6' },
  /** The dark veil over a landing hero image. */
  heroShade: '#120A24',
  /** Status badges: readable text (ink) on a soft background (tint). */
  tone: {
    open: { ink: '#15663A', tint: '#E8F6EE' },
    few: { ink: '#8A4B00', tint: '#FFF3DC' },
    full: { ink: '#A1261C', tint: '#FDECEA' },
    cancelled: { ink: '#5B5670', tint: '#EFEDF4' },
    waiting: { ink: '#4B4560', tint: '#EFEDF4' },
  },
  /** A calm accent per apparatus, and stable picks for apparatus without one. */
  apparatus: { silks: '#7C3AED', lyra: '#DB2777', trapeze: '#0E7490', hammock: '#B45309', pole: '#1D4ED8', straps: '#047857' } as Record<
    string,
    string
  >,
  apparatusFallback: ['#6D28D9', '#BE185D', '#0F766E', '#A16207', '#1E40AF', '#15803D'],
};

/** Font weights by name: in sx as 'fontWeightSemiBold' … 'fontWeightBlack' (theme.typography keys). */
export const fontWeights = { semiBold: 600, bold: 700, extraBold: 800, black: 900 } as const;
const weight = fontWeights;

declare module '@mui/material/styles' {
  interface Palette {
    studio: typeof studioColors;
  }
  interface PaletteOptions {
    studio?: typeof studioColors;
  }
  interface TypographyVariants {
    fontWeightSemiBold: number;
    fontWeightExtraBold: number;
    fontWeightBlack: number;
  }
  interface TypographyVariantsOptions {
    fontWeightSemiBold?: number;
    fontWeightExtraBold?: number;
    fontWeightBlack?: number;
  }
}

export const DEFAULT_PRIMARY = '#8B5CF6';
export const DEFAULT_SECONDARY = '#A855F7';
/** Used when a configured colour is missing or not a colour. */
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
      background: { default: studioColors.background, paper: studioColors.white },
      text: { primary: studioColors.ink, secondary: studioColors.inkSoft },
      divider: studioColors.line,
      success: { main: studioColors.success },
      error: { main: studioColors.error },
      warning: { main: studioColors.warning },
      info: { main: studioColors.info },
      studio: studioColors,
    },
    shape: { borderRadius: 12 },
    typography: {
      fontFamily,
      fontWeightSemiBold: weight.semiBold,
      fontWeightBold: weight.bold,
      fontWeightExtraBold: weight.extraBold,
      fontWeightBlack: weight.black,
      h1: { fontWeight: weight.extraBold, letterSpacing: '-0.02em' },
      h2: { fontWeight: weight.extraBold, letterSpacing: '-0.02em' },
      h3: { fontWeight: weight.bold, letterSpacing: '-0.01em' },
      h4: { fontWeight: weight.bold, letterSpacing: '-0.01em' },
      h5: { fontWeight: weight.bold },
      h6: { fontWeight: weight.bold },
      // Section headings (cards, panels, dialogs' parts) are subtitle1.
      subtitle1: { fontWeight: weight.bold },
      button: { textTransform: 'none', fontWeight: weight.semiBold },
    },
    components: {
      MuiButton: {
        defaultProps: { disableElevation: true },
        styleOverrides: { root: { borderRadius: 10, paddingInline: 18 }, sizeLarge: { paddingBlock: 10, fontSize: '1rem' } },
      },
      MuiCard: {
        defaultProps: { elevation: 0 },
        styleOverrides: { root: { border: `1px solid ${studioColors.line}`, borderRadius: 16 } },
      },
      MuiPaper: { styleOverrides: { rounded: { borderRadius: 16 } } },
      MuiAppBar: {
        defaultProps: { elevation: 0, color: 'inherit' },
        styleOverrides: {
          root: {
            backgroundColor: alpha(studioColors.white, 0.92),
            backdropFilter: 'blur(8px)',
            borderBottom: `1px solid ${studioColors.line}`,
          },
        },
      },
      MuiTextField: { defaultProps: { fullWidth: true } },
      MuiChip: { styleOverrides: { root: { fontWeight: weight.semiBold } } },
      MuiLink: { defaultProps: { underline: 'hover' } },
      MuiMenuItem: { styleOverrides: { root: { borderRadius: 8, marginInline: 6, minHeight: 40 } } },
      MuiListItemButton: { styleOverrides: { root: { borderRadius: 10 } } },
      MuiTooltip: { defaultProps: { arrow: true } },
      MuiAvatar: { styleOverrides: { colorDefault: { color: studioColors.white } } },
    },
  });
}
