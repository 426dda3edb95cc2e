import ArrowForwardRounded from '@mui/icons-material/ArrowForwardRounded';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';
import { PageFrame } from '../../components/PageFrame';

const areas: { to: string; title: string; line: string; ready?: boolean }[] = [
  {
    to: '/admin/landing-page-customization',
    title: 'Landing Page',
    line: 'Banner, hero, colours and features of the public page.',
    ready: true,
  },
  { to: '/admin/users', title: 'User Management', line: 'Accounts, roles and access.', ready: true },
  { to: '/admin/classes', title: 'Class Management', line: 'Classes, instructors and schedules.', ready: true },
  { to: '/admin/students', title: 'Student Management', line: 'Students, families and progress.', ready: true },
  { to: '/admin/waivers', title: 'Waivers', line: 'Versions, signatures and who still needs to sign.', ready: true },
  { to: '/admin/attendance', title: 'Attendance', line: 'Check-ins and attendance reports.', ready: true },
  { to: '/admin/memberships', title: 'Memberships', line: 'Plans and members.' },
  { to: '/admin/invoices', title: 'Invoices', line: 'Create and track invoices.' },
  { to: '/admin/pos', title: 'Point of Sale', line: 'Front-desk sales.' },
  { to: '/admin/merch', title: 'Merch & Snacks', line: 'Products, stock and prices.' },
  { to: '/admin/moves', title: 'Moves Library', line: 'Moves and levels of each apparatus, CSV imports.', ready: true },
  { to: '/admin/videos', title: 'Video Library', line: 'Technique videos.' },
  { to: '/admin/groups', title: 'Groups', line: 'Groups for classes and messages.' },
  { to: '/admin/email', title: 'Email', line: 'Studio emails and outbox.' },
  { to: '/admin/stripe', title: 'Payments', line: 'Payment settings, payments and refunds.', ready: true },
  { to: '/admin/import-export', title: 'Import & Export', line: 'CSV in and out.' },
  { to: '/admin/scheduled-jobs', title: 'Scheduled Jobs', line: 'Reminders and renewals.', ready: true },
];

export default function AdminDashboardPage() {
  return (
    <PageFrame title="Admin Dashboard" subtitle="Run the studio: people, classes, sales and the public page.">
      <Box
        component="ul"
        sx={{
          listStyle: 'none',
          p: 0,
          m: 0,
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', lg: 'repeat(3, 1fr)' },
        }}
      >
        {areas.map((a) => (
          <li key={a.to}>
            <Card sx={{ height: '100%' }}>
              <CardActionArea
                component={RouterLink}
                to={a.to}
                sx={{ p: 2.5, height: '100%', display: 'flex', alignItems: 'flex-start', justifyContent: 'space-between', gap: 2 }}
              >
                <Box>
                  <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 0.5, flexWrap: 'wrap' }}>
                    <Typography component="h2" variant="subtitle1">
                      {a.title}
                    </Typography>
                    {!a.ready && <Chip size="small" label="Coming soon" variant="outlined" />}
                  </Box>
                  <Typography variant="body2" color="text.secondary">
                    {a.line}
                  </Typography>
                </Box>
                <ArrowForwardRounded color="primary" aria-hidden />
              </CardActionArea>
            </Card>
          </li>
        ))}
      </Box>
    </PageFrame>
  );
}
