import type { LandingContent } from '../landing/LandingView';

/** Client-side rules mirroring the API's UpdateLandingPageConfigInput. */
export const HEX = /^#[0-9A-Fa-f]{6}$/;
const LINK = /^(\/(?!\/)\S*|https?:\/\/[^\s/$.?#].\S*)$/;
const ICON = /^[a-z0-9_]+$/;
const URL = /^https?:\/\/\S+$/;
export const MAX_FEATURES = 12;
export const MAX_SOCIAL_LINKS = 8;

export type LandingErrors = Partial<Record<keyof LandingContent, string>> & {
  features?: Record<number, Partial<Record<'icon' | 'title' | 'description', string>>>;
  social?: Record<number, Partial<Record<'label' | 'url', string>>>;
};

const length = (value: string, min: number, max: number, what: string): string | null => {
  const n = value.trim().length;
  if (n < min) return min === 1 ? `Enter ${what}.` : `Use at least ${min} characters.`;
  if (value.length > max) return `Use at most ${max} characters.`;
  return null;
};

export function validateLanding(c: LandingContent): LandingErrors {
  const e: LandingErrors = {};
  const put = <K extends keyof LandingContent>(k: K, p: string | null) => {
    if (p) e[k] = p as never;
  };
  if (c.announcementText.length > 500) put('announcementText', 'Use at most 500 characters.');
  else if (c.announcementEnabled && !c.announcementText.trim()) put('announcementText', 'Enter the announcement, or turn the banner off.');
  put('heroTitle', length(c.heroTitle, 1, 120, 'a hero title'));
  if (c.heroSubtitle.length > 300) put('heroSubtitle', 'Use at most 300 characters.');
  put('heroCta', length(c.heroCta, 1, 60, 'the button text'));
  if (!LINK.test(c.heroCtaLink) || c.heroCtaLink.length > 500) put('heroCtaLink', 'Use a path starting with / or a full http(s) address.');
  if (c.heroBackgroundImage && (!LINK.test(c.heroBackgroundImage) || c.heroBackgroundImage.length > 1000)) {
    put('heroBackgroundImage', 'Use a path starting with / or a full http(s) address, or leave it empty.');
  }
  if (!HEX.test(c.primaryColor)) put('primaryColor', 'Use a colour like #8B5CF6.');
  if (!HEX.test(c.secondaryColor)) put('secondaryColor', 'Use a colour like #A855F7.');
  put('featuresTitle', length(c.featuresTitle, 1, 120, 'a section title'));
  if (c.featuresSubtitle.length > 300) put('featuresSubtitle', 'Use at most 300 characters.');
  if (c.featuresContent.length > MAX_FEATURES) put('featuresContent', `Use at most ${MAX_FEATURES} features.`);
  c.featuresContent.forEach((f, i) => {
    const fe: Partial<Record<'icon' | 'title' | 'description', string>> = {};
    if (!ICON.test(f.icon) || f.icon.length > 40) fe.icon = 'Use a Material icon name like "event".';
    const t = length(f.title, 1, 80, 'a title');
    if (t) fe.title = t;
    const d = length(f.description, 1, 300, 'a description');
    if (d) fe.description = d;
    if (Object.keys(fe).length) (e.features ??= {})[i] = fe;
  });
  if (c.socialLinks.length > MAX_SOCIAL_LINKS) put('socialLinks', `Use at most ${MAX_SOCIAL_LINKS} links.`);
  c.socialLinks.forEach((s, i) => {
    const se: Partial<Record<'label' | 'url', string>> = {};
    const l = length(s.label, 1, 40, 'a label');
    if (l) se.label = l;
    if (!URL.test(s.url) || s.url.length > 500) se.url = 'Use a full http(s) address.';
    if (Object.keys(se).length) (e.social ??= {})[i] = se;
  });
  return e;
}

export function hasErrors(e: LandingErrors): boolean {
  return Object.keys(e).length > 0;
}
