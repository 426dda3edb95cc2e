import { z } from 'zod';
import { EMAIL_PATTERN, phone } from './people';

export const HEX_COLOR_PATTERN = /^#[0-9A-Fa-f]{6}$/;
/**
 * A path inside the app (/register) or an absolute http(s) URL. No backslash anywhere: browsers read `/\evil.example`
 * as `//evil.example`, another host.
 */
export const LINK_PATTERN = /^(\/(?!\/)[^\s\\]*|https?:\/\/[^\s/$.?#\\][^\s\\]*)$/;
const ICON_PATTERN = /^[a-z0-9_]+$/;
const URL_PATTERN = /^https?:\/\/\S+$/;
export const MAX_FEATURES = 12;
export const MAX_SOCIAL_LINKS = 8;

const upTo = (max: number) => z.string().max(max, `Use at most ${max} characters.`);
/** Not blank (trimmed) and at most `max` characters (as typed). */
const filled = (what: string, max: number) => upTo(max).refine((v) => v.trim().length > 0, `Enter ${what}.`);
const link = (message: string, max: number) => z.string().regex(LINK_PATTERN, message).max(max, message);

export const landingFeature = z.object({
  icon: z.string().regex(ICON_PATTERN, 'Use a Material icon name like "event".').max(40, 'Use a Material icon name like "event".'),
  title: filled('a title', 80),
  description: filled('a description', 300),
});

export const socialLink = z.object({
  label: filled('a label', 40),
  url: z.string().regex(URL_PATTERN, 'Use a full http(s) address.').max(500, 'Use a full http(s) address.'),
});

const LINK_MESSAGE = 'Use a path starting with / or a full http(s) address.';
const TOO_MANY_FEATURES = `Use at most ${MAX_FEATURES} features.`;
const TOO_MANY_LINKS = `Use at most ${MAX_SOCIAL_LINKS} links.`;

/** How many features and links there may be (the API checks each item with its own input type). */
export const featureCount = z.array(z.unknown()).max(MAX_FEATURES, TOO_MANY_FEATURES);
export const socialLinkCount = z.array(z.unknown()).max(MAX_SOCIAL_LINKS, TOO_MANY_LINKS);

/** Every field of the landing page, each with its rule. */
export const landingPage = z.object({
  announcementEnabled: z.boolean(),
  announcementText: upTo(500),
  heroTitle: filled('a hero title', 120),
  heroSubtitle: upTo(300),
  heroCta: filled('the button text', 60),
  heroCtaLink: link(LINK_MESSAGE, 500),
  heroBackgroundImage: z
    .string()
    .refine(
      (v) => v === '' || (LINK_PATTERN.test(v) && v.length <= 1000),
      'Use a path starting with / or a full http(s) address, or leave it empty.',
    ),
  primaryColor: z.string().regex(HEX_COLOR_PATTERN, 'Use a colour like #8B5CF6.'),
  secondaryColor: z.string().regex(HEX_COLOR_PATTERN, 'Use a colour like #A855F7.'),
  featuresTitle: filled('a section title', 120),
  featuresSubtitle: upTo(300),
  featuresContent: z.array(landingFeature).max(MAX_FEATURES, TOO_MANY_FEATURES),
  socialLinks: z.array(socialLink).max(MAX_SOCIAL_LINKS, TOO_MANY_LINKS),
  // The intro offer card, shown when it has a title.
  introOfferTitle: upTo(80),
  introOfferText: upTo(300),
  introOfferCta: upTo(40),
  introOfferLink: z
    .string()
    .refine((v) => v === '' || (LINK_PATTERN.test(v) && v.length <= 500), `${LINK_MESSAGE.slice(0, -1)}, or leave it empty.`),
  // "Visit us": where the studio is and when it is open, shown when either is filled in.
  visitAddress: upTo(300),
  visitHours: upTo(500),
  contactPhone: phone,
  contactEmail: z
    .string()
    .trim()
    .refine((v) => v === '' || (EMAIL_PATTERN.test(v) && v.length <= 254), 'Enter a valid email address, or leave it empty.'),
});

/** An intro offer with a title needs its button: the text and where it goes. */
export function introOfferIssues(c: { introOfferTitle: string; introOfferCta: string; introOfferLink: string }) {
  if (!c.introOfferTitle.trim()) return [];
  const issues: { path: 'introOfferCta' | 'introOfferLink'; message: string }[] = [];
  if (!c.introOfferCta.trim()) issues.push({ path: 'introOfferCta', message: 'Enter the button text for the offer.' });
  if (!c.introOfferLink.trim()) issues.push({ path: 'introOfferLink', message: 'Enter where the offer button goes.' });
  return issues;
}
