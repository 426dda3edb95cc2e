import { darken, getContrastRatio } from '@mui/material/styles';

/**
 * The configured colour, darkened just enough that white text on it (and it as text on the app's tinted
 * backgrounds) meets WCAG AA (4.5:1; aiming at 5.2 against white leaves room for those tints). Brand colours like
 * #8B5CF6 are a little light for button labels; this keeps their hue.
 */
export function accessibleShade(color: string, ratio = 5.2): string {
  let shade = color;
  for (let i = 0; i < 20 && getContrastRatio(shade, '#FFFFFF') < ratio; i++) shade = darken(color, (i + 1) * 0.04);
  return shade;
}
