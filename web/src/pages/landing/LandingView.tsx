import ArrowForwardRounded from '@mui/icons-material/ArrowForwardRounded';
import CalendarMonthRounded from '@mui/icons-material/CalendarMonthRounded';
import CampaignRounded from '@mui/icons-material/CampaignRounded';
import HowToRegRounded from '@mui/icons-material/HowToRegRounded';
import Box from '@mui/material/Box';
import { alpha, darken, type SxProps, type Theme } from '@mui/material/styles';
import type { ReactNode } from 'react';
import { accessibleShade } from '../../app/color';
import { brandColor, studioColors } from '../../app/theme';
import { BrandMark, STUDIO_NAME } from '../../components/Brand';
import { FeatureIcon } from '../../components/FeatureIcon';
import { AnchorButton, LinkButton, Section, type UiSize, type UiVariant } from '../../components/ui';
import type { LandingConfigFragment } from './LandingView.generated';

export type LandingContent = Omit<LandingConfigFragment, 'updatedAt'>;

/**
 * The footer's icons are files in web/public/social, painted in the text colour through a CSS mask: below the fold,
 * their drawings stay out of the landing page's JavaScript (its budget is 160 KB brotli).
 */
const SOCIAL_ICONS: Record<string, string> = { instagram: 'instagram', facebook: 'facebook', youtube: 'youtube', x: 'x', twitter: 'x' };
const socialIcon = (label: string) => `url("/social/${SOCIAL_ICONS[label.trim().toLowerCase()] ?? 'link'}.svg") center / 24px no-repeat`;

export function isInternalLink(href: string): boolean {
  return href.startsWith('/') && !href.startsWith('//');
}

/** A button-link that stays in the app for paths and opens a new tab for full addresses. */
function CtaButton({
  href,
  children,
  variant,
  size,
  sx,
}: {
  href: string;
  children: ReactNode;
  variant: UiVariant;
  size?: UiSize;
  sx?: SxProps<Theme>;
}) {
  if (isInternalLink(href)) {
    return (
      <LinkButton to={href} $variant={variant} $size={size} sx={sx}>
        {children}
      </LinkButton>
    );
  }
  return (
    <AnchorButton href={href} target="_blank" rel="noopener noreferrer" $variant={variant} $size={size} sx={sx}>
      {children}
    </AnchorButton>
  );
}

const card = { p: { xs: 3, md: 4 }, borderRadius: '22px', border: 1, borderColor: 'divider', bgcolor: 'background.paper' } as const;
const lines = { whiteSpace: 'pre-line', m: 0, lineHeight: 1.7 } as const;

/** The intro offer and "Visit us" (address, hours, phone, email), side by side when both are filled in. */
function OfferAndVisit({ config: c, h, primary }: { config: LandingContent; h: (level: number) => 'h1'; primary: string }) {
  const offer = c.introOfferTitle.trim();
  const visit = c.visitAddress.trim() || c.visitHours.trim();
  if (!offer && !visit) return null;
  const title = { m: 0, mb: 1.5, fontSize: { xs: '1.5rem', md: '1.8rem' }, fontWeight: 'fontWeightExtraBold', lineHeight: 1.2 };
  return (
    <Section sx={{ pb: { xs: 8, md: 12 }, display: 'grid', gap: 3, gridTemplateColumns: { md: offer && visit ? '1fr 1fr' : '1fr' } }}>
      {offer && (
        <Box
          component="section"
          aria-labelledby="offer-title"
          sx={{ ...card, borderColor: alpha(primary, 0.35), bgcolor: alpha(primary, 0.05) }}
        >
          <Box
            sx={{
              color: primary,
              fontWeight: 'fontWeightBold',
              fontSize: '0.8rem',
              letterSpacing: '0.08em',
              textTransform: 'uppercase',
              mb: 1,
            }}
          >
            Intro offer
          </Box>
          <Box component={h(2)} id="offer-title" sx={title}>
            {offer}
          </Box>
          {c.introOfferText && (
            <Box component="p" sx={{ ...lines, color: 'text.secondary', mb: 3 }}>
              {c.introOfferText}
            </Box>
          )}
          <CtaButton href={c.introOfferLink || '/register'} variant="contained">
            {c.introOfferCta || 'Find out more'}
            <ArrowForwardRounded aria-hidden />
          </CtaButton>
        </Box>
      )}
      {visit && (
        <Box component="section" aria-labelledby="visit-title" sx={card}>
          <Box component={h(2)} id="visit-title" sx={title}>
            Visit us
          </Box>
          <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { sm: '1fr 1fr' } }}>
            {c.visitAddress.trim() && (
              <Box component="address" sx={{ ...lines, fontStyle: 'normal' }}>
                {c.visitAddress}
                <br />
                <Box
                  component="a"
                  href={`https://www.openstreetmap.org/search?query=${encodeURIComponent(c.visitAddress.replace(/\n/g, ', '))}`}
                  target="_blank"
                  rel="noopener noreferrer"
                  sx={{ color: primary, fontWeight: 'fontWeightSemiBold' }}
                >
                  Directions
                </Box>
              </Box>
            )}
            {c.visitHours.trim() && <Box sx={{ ...lines, color: 'text.secondary' }}>{c.visitHours}</Box>}
          </Box>
          {(c.contactPhone || c.contactEmail) && (
            <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, mt: 2, '& a': { color: primary, fontWeight: 'fontWeightSemiBold' } }}>
              {c.contactPhone && <a href={`tel:${c.contactPhone.replace(/[^+0-9]/g, '')}`}>{c.contactPhone}</a>}
              {c.contactEmail && <a href={`mailto:${c.contactEmail}`}>{c.contactEmail}</a>}
            </Box>
          )}
        </Box>
      )}
    </Section>
  );
}

/** The public landing page: banner, hero, features, intro offer and visit details, sign-up call to action, footer. */
export function LandingView({ config, signedIn, headingLevel = 1 }: { config: LandingContent; signedIn: boolean; headingLevel?: 1 | 2 }) {
  const primary = brandColor(config.primaryColor);
  const secondary = brandColor(config.secondaryColor);
  const primaryAA = accessibleShade(primary);
  const deep = darken(primary, 0.45);
  const image = config.heroBackgroundImage?.trim();
  const heroBackground = image
    ? `linear-gradient(180deg, ${alpha(studioColors.heroShade, 0.55)}, ${alpha(studioColors.heroShade, 0.78)}), url("${encodeURI(image)}") center / cover no-repeat`
    : // The silk lines are a file (web/public/hero-lines.svg): a drawing costs the landing page's JavaScript nothing there.
      `url("/hero-lines.svg") center / cover no-repeat, radial-gradient(circle at 85% 15%, ${alpha(secondary, 0.55)}, transparent 45%), linear-gradient(135deg, ${darken(primary, 0.55)} 0%, ${darken(primary, 0.3)} 55%, ${darken(secondary, 0.25)} 100%)`;
  const h = (level: number) => `h${Math.min(6, level + headingLevel - 1)}` as 'h1';

  return (
    <Box sx={{ bgcolor: 'background.default' }}>
      {config.announcementEnabled && config.announcementText.trim() && (
        <Box role="region" aria-label="Announcement" sx={{ bgcolor: primaryAA, color: 'common.white', py: 1.25 }}>
          <Section
            sx={{
              display: 'flex',
              alignItems: 'center',
              justifyContent: 'center',
              gap: 1,
              textAlign: 'center',
              fontSize: '0.9rem',
              fontWeight: 'fontWeightSemiBold',
            }}
          >
            <CampaignRounded fontSize="small" aria-hidden />
            <span>{config.announcementText}</span>
          </Section>
        </Box>
      )}

      {/* Hero */}
      <Box
        component="section"
        aria-labelledby="hero-title"
        sx={{ position: 'relative', overflow: 'hidden', background: heroBackground, color: 'common.white' }}
      >
        <Section sx={{ position: 'relative', py: { xs: 9, md: 15 } }}>
          <Box sx={{ maxWidth: 720 }}>
            <Box
              component={h(1)}
              id="hero-title"
              sx={{
                m: 0,
                fontSize: { xs: '2.4rem', sm: '3rem', md: '3.9rem' },
                fontWeight: 'fontWeightExtraBold',
                lineHeight: 1.05,
                letterSpacing: '-0.03em',
                textWrap: 'balance',
              }}
            >
              {config.heroTitle}
            </Box>
            {config.heroSubtitle && (
              <Box
                component="p"
                sx={{
                  mt: 2.5,
                  mb: 0,
                  fontSize: { xs: '1.05rem', md: '1.25rem' },
                  lineHeight: 1.6,
                  color: (t) => alpha(t.palette.common.white, 0.9),
                  maxWidth: 600,
                }}
              >
                {config.heroSubtitle}
              </Box>
            )}
            <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, mt: 4.5 }}>
              <CtaButton href={config.heroCtaLink || '/register'} variant="light" size="large" sx={{ color: deep }}>
                {config.heroCta}
                <ArrowForwardRounded aria-hidden />
              </CtaButton>
              <LinkButton to="/check-in" $variant="outlined-light" $size="large">
                <HowToRegRounded aria-hidden />
                Check-In
              </LinkButton>
              <LinkButton to="/calendar" $variant="outlined-light" $size="large">
                <CalendarMonthRounded aria-hidden />
                Calendar
              </LinkButton>
            </Box>
          </Box>
        </Section>
      </Box>

      {/* Features */}
      <Box component="section" aria-labelledby="features-title" sx={{ py: { xs: 8, md: 12 } }}>
        <Section>
          <Box sx={{ textAlign: 'center', maxWidth: 640, mx: 'auto', mb: { xs: 5, md: 7 } }}>
            <Box
              component={h(2)}
              id="features-title"
              sx={{
                m: 0,
                fontSize: { xs: '1.8rem', md: '2.4rem' },
                fontWeight: 'fontWeightExtraBold',
                letterSpacing: '-0.02em',
                lineHeight: 1.2,
              }}
            >
              {config.featuresTitle}
            </Box>
            {config.featuresSubtitle && (
              <Box component="p" sx={{ color: 'text.secondary', mt: 1.5, mb: 0, fontSize: '1.1rem' }}>
                {config.featuresSubtitle}
              </Box>
            )}
          </Box>
          <Box
            component="ul"
            sx={{
              listStyle: 'none',
              m: 0,
              p: 0,
              display: 'grid',
              gap: { xs: 2, md: 3 },
              gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', lg: 'repeat(4, 1fr)' },
            }}
          >
            {config.featuresContent.map((f, i) => (
              <Box
                component="li"
                key={`${f.title}-${i}`}
                sx={{
                  p: 3,
                  bgcolor: 'background.paper',
                  border: 1,
                  borderColor: 'divider',
                  borderRadius: '18px',
                  transition: 'transform 160ms ease, box-shadow 160ms ease',
                  '&:hover': { transform: 'translateY(-2px)', boxShadow: `0 16px 32px ${alpha(primary, 0.12)}` },
                }}
              >
                <Box
                  aria-hidden
                  sx={{
                    width: 48,
                    height: 48,
                    borderRadius: '12px',
                    display: 'grid',
                    placeItems: 'center',
                    color: 'common.white',
                    background: `linear-gradient(135deg, ${primary}, ${secondary})`,
                    mb: 2,
                  }}
                >
                  <FeatureIcon name={f.icon} />
                </Box>
                <Box component={h(3)} sx={{ fontWeight: 'fontWeightBold', fontSize: '1.1rem', mt: 0, mb: 0.75 }}>
                  {f.title}
                </Box>
                <Box component="p" sx={{ color: 'text.secondary', fontSize: '0.9rem', lineHeight: 1.6, m: 0 }}>
                  {f.description}
                </Box>
              </Box>
            ))}
          </Box>
        </Section>
      </Box>

      <OfferAndVisit config={config} h={h} primary={primaryAA} />

      {/* Sign-up call to action */}
      <Box component="section" aria-labelledby="signup-title" sx={{ pb: { xs: 8, md: 12 } }}>
        <Section>
          <Box
            sx={{
              borderRadius: '28px',
              px: { xs: 3, md: 8 },
              py: { xs: 5, md: 7 },
              display: 'flex',
              flexDirection: { xs: 'column', md: 'row' },
              alignItems: { xs: 'flex-start', md: 'center' },
              justifyContent: 'space-between',
              gap: 3,
              color: 'common.white',
              background: `linear-gradient(120deg, ${darken(primary, 0.4)}, ${darken(secondary, 0.3)})`,
            }}
          >
            <Box>
              <Box
                component={h(2)}
                id="signup-title"
                sx={{
                  m: 0,
                  fontSize: { xs: '1.6rem', md: '2rem' },
                  fontWeight: 'fontWeightExtraBold',
                  letterSpacing: '-0.02em',
                  lineHeight: 1.2,
                }}
              >
                {signedIn ? 'Welcome back to the studio' : 'Ready to take flight?'}
              </Box>
              <Box component="p" sx={{ mt: 1, mb: 0, color: (t) => alpha(t.palette.common.white, 0.88), maxWidth: 520 }}>
                {signedIn
                  ? 'Your dashboard has your classes, waiver and family in one place.'
                  : 'Create your free account to book classes, sign your waiver online and follow your progress.'}
              </Box>
            </Box>
            <LinkButton to={signedIn ? '/dashboard' : '/register'} $variant="light" $size="large" sx={{ color: deep, flexShrink: 0 }}>
              {signedIn ? 'Open dashboard' : 'Sign up free'}
              <ArrowForwardRounded aria-hidden />
            </LinkButton>
          </Box>
        </Section>
      </Box>

      {/* Footer */}
      <Box component="footer" sx={{ borderTop: 1, borderColor: 'divider', bgcolor: 'background.paper' }}>
        <Section
          sx={{
            py: 4,
            display: 'flex',
            flexDirection: { xs: 'column', sm: 'row' },
            alignItems: { xs: 'flex-start', sm: 'center' },
            justifyContent: 'space-between',
            gap: 2,
          }}
        >
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.25 }}>
            <BrandMark size={28} />
            <Box component="p" sx={{ m: 0, color: 'text.secondary', fontSize: '0.875rem' }}>
              © {new Date().getFullYear()} {STUDIO_NAME}. Fly safe, have fun.
            </Box>
          </Box>
          {config.socialLinks.length > 0 && (
            <Box component="nav" aria-label="Social links" sx={{ display: 'flex', gap: 0.5 }}>
              {config.socialLinks.map((link) => {
                return (
                  <Box
                    component="a"
                    key={link.url + link.label}
                    href={link.url}
                    target="_blank"
                    rel="noopener noreferrer"
                    aria-label={link.label}
                    sx={{
                      display: 'grid',
                      placeItems: 'center',
                      width: 40,
                      height: 40,
                      borderRadius: '50%',
                      color: 'text.secondary',
                      '&:hover': { color: primaryAA, bgcolor: alpha(primary, 0.08) },
                    }}
                  >
                    <Box
                      component="span"
                      aria-hidden
                      sx={{ width: 24, height: 24, bgcolor: 'currentColor', mask: socialIcon(link.label) }}
                    />
                  </Box>
                );
              })}
            </Box>
          )}
        </Section>
      </Box>
    </Box>
  );
}
