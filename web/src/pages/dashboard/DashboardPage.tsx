import { fullName } from '@studio/rules';
import { alpha } from '@mui/material/styles';
import ArrowForwardRounded from '@mui/icons-material/ArrowForwardRounded';
import CalendarMonthRounded from '@mui/icons-material/CalendarMonthRounded';
import CardMembershipRounded from '@mui/icons-material/CardMembershipRounded';
import CheckCircleRounded from '@mui/icons-material/CheckCircleRounded';
import DashboardCustomizeRounded from '@mui/icons-material/DashboardCustomizeRounded';
import EventAvailableRounded from '@mui/icons-material/EventAvailableRounded';
import FamilyRestroomRounded from '@mui/icons-material/FamilyRestroomRounded';
import ForumRounded from '@mui/icons-material/ForumRounded';
import PersonRounded from '@mui/icons-material/PersonRounded';
import ShoppingBagRounded from '@mui/icons-material/ShoppingBagRounded';
import SportsGymnasticsRounded from '@mui/icons-material/SportsGymnasticsRounded';
import WarningAmberRounded from '@mui/icons-material/WarningAmberRounded';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { greetingAt } from '../../app/dates';
import { useAuth } from '../../app/session';
import { EmptyState } from '../../components/EmptyState';
import { PageFrame } from '../../components/PageFrame';
import { RecentNotifications } from '../../components/notifications/RecentNotifications';
import { useNow } from '../../components/schedule/holds';
import { CheckInCodeCard } from './CheckInCodeCard';
import { UpcomingClasses } from './UpcomingClasses';
import type { Role } from '../../graphql/types';

interface QuickLink {
  to: string;
  label: string;
  line: string;
  icon: ReactNode;
}

export function quickLinksFor(role: Role): QuickLink[] {
  const links: QuickLink[] = [
    { to: '/classes', label: 'Book a class', line: 'Browse the schedule', icon: <EventAvailableRounded /> },
    { to: '/calendar', label: 'Calendar', line: 'Every class this week', icon: <CalendarMonthRounded /> },
    { to: '/moves', label: 'My Moves', line: 'Track your progress', icon: <SportsGymnasticsRounded /> },
    { to: '/memberships', label: 'Memberships', line: 'Passes and plans', icon: <CardMembershipRounded /> },
    { to: '/merch', label: 'Merch & Snacks', line: 'Order ahead', icon: <ShoppingBagRounded /> },
    { to: '/profile', label: 'Profile', line: 'Your details and password', icon: <PersonRounded /> },
  ];
  if (role === 'parent')
    links.splice(1, 0, { to: '/family', label: 'Family', line: 'Your children’s accounts', icon: <FamilyRestroomRounded /> });
  if (role === 'instructor' || role === 'teacher')
    links.unshift({ to: '/class-instances', label: 'My Classes', line: 'Rosters and sign-offs', icon: <EventAvailableRounded /> });
  if (role !== 'student') links.push({ to: '/staff-chat', label: 'Staff Chat', line: 'Talk to the team', icon: <ForumRounded /> });
  if (role === 'admin')
    links.unshift({ to: '/admin/dashboard', label: 'Admin Dashboard', line: 'Run the studio', icon: <DashboardCustomizeRounded /> });
  return links;
}

function SectionCard({
  title,
  action,
  children,
  span = false,
}: {
  title: string;
  action?: ReactNode;
  children: ReactNode;
  span?: boolean;
}) {
  const id = `section-${title.toLowerCase().replace(/\W+/g, '-')}`;
  return (
    <Card
      component="section"
      aria-labelledby={id}
      sx={{ height: '100%', display: 'flex', flexDirection: 'column', gridRow: span ? { md: 'span 2' } : undefined }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', px: 2.5, pt: 2.25, pb: 1, gap: 1 }}>
        <Typography id={id} component="h2" variant="subtitle1">
          {title}
        </Typography>
        <Box sx={{ flexShrink: 0, '& a': { whiteSpace: 'nowrap' } }}>{action}</Box>
      </Box>
      <Box sx={{ flex: 1 }}>{children}</Box>
    </Card>
  );
}

const tileSx = { p: 2, height: '100%', display: 'flex', flexDirection: 'column', alignItems: 'flex-start', gap: 1 } as const;

function QuickLinkBody({ link }: { link: QuickLink }) {
  return (
    <>
      <Box
        aria-hidden
        sx={{
          color: 'primary.main',
          display: 'grid',
          placeItems: 'center',
          width: 40,
          height: 40,
          borderRadius: '10px',
          bgcolor: (t) => `${alpha(t.palette.primary.main, 0.08)}`,
        }}
      >
        {link.icon}
      </Box>
      <Typography sx={{ fontWeight: 'fontWeightBold' }}>{link.label}</Typography>
      <Typography variant="body2" color="text.secondary">
        {link.line}
      </Typography>
    </>
  );
}

export default function DashboardPage() {
  const { user } = useAuth();
  const now = useNow(60_000);
  if (!user) return null;
  const greeting = greetingAt(now);
  const family = user.familyMembers;
  const unsignedMinors = family.filter((m) => m.isMinor && !m.waiverSigned);

  return (
    <PageFrame title={`${greeting}, ${user.firstName}`} subtitle="Here’s what’s happening at the studio for you.">
      <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr', lg: '2fr 1fr' } }}>
        {/* Waiver status */}
        <Card
          component="section"
          aria-label="Waiver status"
          sx={{
            gridColumn: '1 / -1',
            p: { xs: 2.5, sm: 3 },
            display: 'flex',
            alignItems: { xs: 'flex-start', sm: 'center' },
            flexDirection: { xs: 'column', sm: 'row' },
            gap: 2,
            borderColor: user.waiverSigned && !unsignedMinors.length ? 'divider' : 'warning.main',
            bgcolor: user.waiverSigned && !unsignedMinors.length ? 'background.paper' : 'studio.surface.warning',
          }}
        >
          <Avatar sx={{ bgcolor: user.waiverSigned ? 'success.main' : 'warning.main', width: 48, height: 48 }}>
            {user.waiverSigned ? <CheckCircleRounded /> : <WarningAmberRounded />}
          </Avatar>
          <Box sx={{ flex: 1 }}>
            <Typography component="h2" variant="subtitle1">
              {user.waiverSigned ? 'Your waiver is signed' : 'Your waiver needs signing'}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {unsignedMinors.length
                ? `${unsignedMinors.map((m) => m.firstName).join(', ')} still ${unsignedMinors.length === 1 ? 'needs' : 'need'} a signed waiver before class.`
                : user.waiverSigned
                  ? 'You’re all set to fly. Thank you for keeping the studio safe.'
                  : 'Sign it before your first class.'}
            </Typography>
          </Box>
          <Button
            component={RouterLink}
            to={unsignedMinors.length ? '/sign-waivers' : '/waiver'}
            variant={unsignedMinors.length ? 'contained' : 'outlined'}
          >
            {unsignedMinors.length ? 'Sign for family' : 'View waiver'}
          </Button>
        </Card>

        <SectionCard
          span
          title="Upcoming classes"
          action={
            <Button size="small" component={RouterLink} to="/classes" endIcon={<ArrowForwardRounded />}>
              Browse
            </Button>
          }
        >
          <UpcomingClasses userId={user.id} />
        </SectionCard>

        <SectionCard
          title="Notifications"
          action={
            <Button size="small" component={RouterLink} to="/notifications" endIcon={<ArrowForwardRounded />}>
              View all
            </Button>
          }
        >
          <RecentNotifications />
        </SectionCard>

        <Box sx={{ gridColumn: { md: '2', lg: '2' } }}>
          <CheckInCodeCard />
        </Box>

        {user.role === 'parent' && (
          <Box sx={{ gridColumn: '1 / -1' }}>
            <SectionCard
              title="Family at a glance"
              action={
                <Button size="small" component={RouterLink} to="/family" endIcon={<ArrowForwardRounded />}>
                  Manage family
                </Button>
              }
            >
              {family.length === 0 ? (
                <EmptyState
                  dense
                  icon={<FamilyRestroomRounded />}
                  title="No family members yet"
                  action={
                    <Button variant="outlined" component={RouterLink} to="/family">
                      Add a family member
                    </Button>
                  }
                >
                  Add your children to book classes and sign waivers for them.
                </EmptyState>
              ) : (
                <Box
                  component="ul"
                  sx={{
                    listStyle: 'none',
                    m: 0,
                    p: 2.5,
                    pt: 1,
                    display: 'grid',
                    gap: 1.5,
                    gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', lg: 'repeat(3, 1fr)' },
                  }}
                >
                  {family.map((m) => (
                    <Box
                      component="li"
                      key={m.id}
                      sx={{
                        display: 'flex',
                        alignItems: 'center',
                        gap: 1.5,
                        p: 1.5,
                        border: 1,
                        borderColor: 'divider',
                        borderRadius: '12px',
                      }}
                    >
                      <Avatar sx={{ bgcolor: 'secondary.main', fontWeight: 'fontWeightBold' }}>{m.firstName.charAt(0)}</Avatar>
                      <Box sx={{ flex: 1, minWidth: 0 }}>
                        <Typography sx={{ fontWeight: 'fontWeightSemiBold' }} noWrap>
                          {fullName(m)}
                        </Typography>
                        <Typography variant="body2" color="text.secondary">
                          Age {m.age}
                        </Typography>
                      </Box>
                      <Chip
                        size="small"
                        color={m.waiverSigned ? 'success' : 'default'}
                        variant={m.waiverSigned ? 'filled' : 'outlined'}
                        label={m.waiverSigned ? 'Waiver signed' : 'No waiver'}
                      />
                    </Box>
                  ))}
                </Box>
              )}
            </SectionCard>
          </Box>
        )}

        <Box component="section" aria-labelledby="quick-links-title" sx={{ gridColumn: '1 / -1' }}>
          <Typography id="quick-links-title" component="h2" variant="subtitle1" sx={{ mb: 1.5 }}>
            What would you like to do?
          </Typography>
          <Box
            component="ul"
            sx={{
              listStyle: 'none',
              m: 0,
              p: 0,
              display: 'grid',
              gap: 1.5,
              gridTemplateColumns: { xs: '1fr 1fr', sm: 'repeat(3, 1fr)', lg: 'repeat(4, 1fr)' },
            }}
          >
            {quickLinksFor(user.role).map((l) => (
              <li key={l.to}>
                <Card sx={{ height: '100%' }}>
                  <CardActionArea component={RouterLink} to={l.to} sx={tileSx}>
                    <QuickLinkBody link={l} />
                  </CardActionArea>
                </Card>
              </li>
            ))}
          </Box>
        </Box>
      </Box>
    </PageFrame>
  );
}
