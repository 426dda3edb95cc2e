import ArrowForwardRounded from '@mui/icons-material/ArrowForwardRounded';
import CalendarMonthRounded from '@mui/icons-material/CalendarMonthRounded';
import CampaignRounded from '@mui/icons-material/CampaignRounded';
import Facebook from '@mui/icons-material/Facebook';
import HowToRegRounded from '@mui/icons-material/HowToRegRounded';
import Instagram from '@mui/icons-material/Instagram';
import LinkRounded from '@mui/icons-material/LinkRounded';
import X from '@mui/icons-material/X';
import YouTube from '@mui/icons-material/YouTube';
import Box from '@mui/material/Box';
import { alpha, darken, type SxProps, type Theme } from '@mui/material/styles';
import type { ComponentType, ReactNode } from 'react';
import { accessibleShade } from '../../app/color';
import { brandColor, studioColors } from '../../app/theme';
import { BrandMark, STUDIO_NAME } from '../../components/Brand';
import { FeatureIcon } from '../../components/FeatureIcon';
import { AnchorButton, LinkButton, Section, type UiSize, type UiVariant } from '../../components/ui';
import type { LandingConfigFragment } from './LandingView.generated';

export type LandingContent = Omit<LandingConfigFragment, 'updatedAt'>;

const socialIcons: Record<string, ComponentType> = { instagram: Instagram, facebook: Facebook, youtube: YouTube, x: X, twitter: X };

export function isInternalLink(href: string): boolean {
  return href.startsWith('/') && !href.startsWith('//');
}

/** A link that stays in the app for paths and opens a new tab for full addresses. */
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

/** The public landing page: banner, hero, features, sign-up call to action and footer. */
export function LandingView({ config, signedIn, headingLevel = 1 }: { config: LandingContent; signedIn: boolean; headingLevel?: 1 | 2 }) {
  const primary = brandColor(config.primaryColor);
  const secondary = brandColor(config.secondaryColor);
  const primaryAA = accessibleShade(primary);
  const deep = darken(primary, 0.45);
  const image = config.heroBackgroundImage?.trim();
  const heroBackground = image
    ? `linear-gradient(180deg, ${alpha(studioColors.heroShade, 0.55)}, ${alpha(studioColors.heroShade, 0.78)}), url("${encodeURI(image)}") center / cover no-repeat`
    : `radial-gradient(circle at 85% 15%, ${alpha(secondary, 0.55)}, transparent 45%), linear-gradient(135deg, ${darken(primary, 0.55)} 0%, ${darken(primary, 0.3)} 55%, ${darken(secondary, 0.25)} 100%)`;
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
        {!image && (
          <Box aria-hidden sx={{ position: 'absolute', inset: 0, opacity: 0.22, pointerEvents: 'none' }}>
            <svg width="100%" height="100%" viewBox="0 0 1200 600" preserveAspectRatio="xMidYMid slice">
              <path
                d="M860 -20 C 820 160, 980 260, 900 420 S 880 620, 930 700"
                stroke="currentColor"
                strokeWidth="18"
                fill="none"
                strokeLinecap="round"
              />
              <path
                d="M960 -20 C 1000 170, 860 260, 930 420 S 1010 600, 990 700"
                stroke="currentColor"
                strokeWidth="10"
                fill="none"
                strokeLinecap="round"
                opacity=".6"
              />
              <circle cx="930" cy="430" r="48" stroke="currentColor" strokeWidth="10" fill="none" opacity=".7" />
            </svg>
          </Box>
        )}
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
                const Icon = socialIcons[link.label.trim().toLowerCase()] ?? LinkRounded;
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
                    <Icon />
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
