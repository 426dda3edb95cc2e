import { STAFF_AND_PARENT_ROLES, type Access } from './app/guard';
import { lazyPage, type LazyPage } from './app/lazyPage';
import type { PreloadModule } from './app/routePreload';

/**
 * One row of the route table: a path, who may open it, its title, the page loaded on demand, and the module that
 * starts the page's first queries while the page's chunk loads.
 */
export interface AppRoute {
  path: string;
  access: Access;
  title: string;
  page: LazyPage;
  preload?: PreloadModule;
}

const LandingPage = lazyPage(() => import('./pages/landing/LandingPage'));
const WaiverPage = lazyPage(() => import('./pages/waiver/WaiverPage'));
const waiverPreload = () => import('./pages/waiver/WaiverPage.preload');
const roles = { roles: STAFF_AND_PARENT_ROLES } as const;

/** Every path of the app and its access rule. */
export const routes: AppRoute[] = [
  // Public
  { path: '/', access: 'public', title: 'Home', page: LandingPage, preload: () => import('./pages/landing/LandingPage.preload') },
  { path: '/login', access: 'public', title: 'Sign in', page: lazyPage(() => import('./pages/auth/LoginPage')) },
  { path: '/register', access: 'public', title: 'Create your account', page: lazyPage(() => import('./pages/auth/RegisterPage')) },
  { path: '/forgot-password', access: 'public', title: 'Forgot password', page: lazyPage(() => import('./pages/auth/ForgotPasswordPage')) },
  {
    path: '/reset-password',
    access: 'public',
    title: 'Choose a new password',
    page: lazyPage(() => import('./pages/auth/ResetPasswordPage')),
  },
  {
    path: '/calendar',
    access: 'bare',
    title: 'Class Calendar',
    page: lazyPage(() => import('./pages/calendar/CalendarPage')),
    preload: () => import('./pages/calendar/CalendarPage.preload'),
  },
  { path: '/check-in', access: 'bare', title: 'Check-In', page: lazyPage(() => import('./pages/checkin/CheckInPage')) },
  { path: '/video/:id', access: 'public', title: 'Video', page: lazyPage(() => import('./pages/videos/SharedVideoPage')) },

  // Login required (any role)
  { path: '/waiver', access: 'signed-in', title: 'Waiver', page: WaiverPage, preload: waiverPreload },
  { path: '/sign-waivers', access: 'signed-in', title: 'Sign Waivers', page: WaiverPage, preload: waiverPreload },
  {
    path: '/dashboard',
    access: 'signed-in',
    title: 'Dashboard',
    page: lazyPage(() => import('./pages/dashboard/DashboardPage')),
    preload: () => import('./pages/dashboard/DashboardPage.preload'),
  },
  {
    path: '/profile',
    access: 'signed-in',
    title: 'Profile',
    page: lazyPage(() => import('./pages/profile/ProfilePage')),
    preload: () => import('./pages/profile/ProfilePage.preload'),
  },
  { path: '/family', access: 'signed-in', title: 'Family', page: lazyPage(() => import('./pages/family/FamilyPage')) },
  {
    path: '/classes',
    access: 'signed-in',
    title: 'Classes',
    page: lazyPage(() => import('./pages/classes/ClassesPage')),
    preload: () => import('./pages/classes/ClassesPage.preload'),
  },
  { path: '/moves', access: 'signed-in', title: 'My Moves', page: lazyPage(() => import('./pages/moves/MovesPage')) },
  {
    path: '/student-moves',
    access: { roles: ['admin', 'instructor', 'teacher'] },
    title: 'Student Moves',
    page: lazyPage(() => import('./pages/student-moves/StudentMovesPage')),
  },
  { path: '/videos', access: 'signed-in', title: 'Videos', page: lazyPage(() => import('./pages/videos/VideoLibraryPage')) },
  { path: '/videos/:id', access: 'signed-in', title: 'Video', page: lazyPage(() => import('./pages/videos/VideoPlayerPage')) },
  { path: '/merch', access: 'signed-in', title: 'Merch & Snacks', page: lazyPage(() => import('./pages/merch/MerchPage')) },
  {
    path: '/memberships',
    access: 'signed-in',
    title: 'Memberships',
    page: lazyPage(() => import('./pages/memberships/MembershipsPage')),
  },
  {
    path: '/membership-success',
    access: 'signed-in',
    title: 'Membership confirmed',
    page: lazyPage(() => import('./pages/memberships/MembershipSuccessPage')),
  },
  {
    path: '/notifications',
    access: 'signed-in',
    title: 'Notifications',
    page: lazyPage(() => import('./pages/notifications/NotificationsPage')),
  },
  {
    path: '/payment-success',
    access: 'signed-in',
    title: 'Payment received',
    page: lazyPage(() => import('./pages/payments/PaymentSuccessPage')),
  },
  {
    path: '/invoice-payment-success',
    access: 'signed-in',
    title: 'Invoice paid',
    page: lazyPage(() => import('./pages/invoices/InvoicePaymentResultPage')),
  },
  {
    path: '/invoice-payment-failure',
    access: 'signed-in',
    title: 'Invoice payment failed',
    page: lazyPage(() => import('./pages/invoices/InvoicePaymentFailurePage')),
  },

  // Admin, instructor, teacher or parent
  { path: '/staff-chat', access: roles, title: 'Staff Chat', page: lazyPage(() => import('./pages/chat/StaffChatPage')) },
  {
    path: '/class-instances',
    access: roles,
    title: 'My Classes',
    page: lazyPage(() => import('./pages/myclasses/MyClassesPage')),
    preload: () => import('./pages/myclasses/MyClassesPage.preload'),
  },

  // Admin only
  {
    path: '/admin/dashboard',
    access: 'admin',
    title: 'Admin Dashboard',
    page: lazyPage(() => import('./pages/admin/dashboard/AdminDashboardPage')),
  },
  {
    path: '/admin/invoices',
    access: 'admin',
    title: 'Invoices',
    page: lazyPage(() => import('./pages/admin/invoices/AdminInvoicesPage')),
    preload: () => import('./pages/admin/invoices/AdminInvoicesPage.preload'),
  },
  {
    path: '/admin/memberships',
    access: 'admin',
    title: 'Membership Management',
    page: lazyPage(() => import('./pages/admin/memberships/AdminMembershipsPage')),
    preload: () => import('./pages/admin/memberships/AdminMembershipsPage.preload'),
  },
  {
    path: '/admin/waivers',
    access: 'admin',
    title: 'Waivers',
    page: lazyPage(() => import('./pages/admin/waivers/AdminWaiversPage')),
    preload: () => import('./pages/admin/waivers/AdminWaiversPage.preload'),
  },
  {
    path: '/admin/users',
    access: 'admin',
    title: 'User Management',
    page: lazyPage(() => import('./pages/admin/users/UserManagementPage')),
    preload: () => import('./pages/admin/users/UserManagementPage.preload'),
  },
  {
    path: '/admin/classes',
    access: 'admin',
    title: 'Class Management',
    page: lazyPage(() => import('./pages/admin/classes/ClassManagementPage')),
    preload: () => import('./pages/admin/classes/ClassManagementPage.preload'),
  },
  {
    path: '/admin/students',
    access: 'admin',
    title: 'Student Management',
    page: lazyPage(() => import('./pages/admin/students/StudentManagementPage')),
    preload: () => import('./pages/admin/students/StudentManagementPage.preload'),
  },
  {
    path: '/admin/moves',
    access: 'admin',
    title: 'Moves Library',
    page: lazyPage(() => import('./pages/admin/moves/AdminMovesPage')),
    preload: () => import('./pages/admin/moves/AdminMovesPage.preload'),
  },
  {
    path: '/admin/videos',
    access: 'admin',
    title: 'Video Library',
    page: lazyPage(() => import('./pages/admin/videos/AdminVideosPage')),
  },
  {
    path: '/admin/attendance',
    access: 'admin',
    title: 'Attendance',
    page: lazyPage(() => import('./pages/admin/attendance/AttendancePage')),
    preload: () => import('./pages/admin/attendance/AttendancePage.preload'),
  },
  {
    path: '/admin/import-export',
    access: 'admin',
    title: 'Import & Export',
    page: lazyPage(() => import('./pages/admin/import-export/ImportExportPage')),
  },
  { path: '/admin/groups', access: 'admin', title: 'Groups', page: lazyPage(() => import('./pages/admin/groups/GroupsPage')) },
  { path: '/admin/api-keys', access: 'admin', title: 'API Keys', page: lazyPage(() => import('./pages/admin/apikeys/ApiKeysPage')) },
  { path: '/admin/webhooks', access: 'admin', title: 'Webhooks', page: lazyPage(() => import('./pages/admin/webhooks/WebhooksPage')) },
  { path: '/admin/email', access: 'admin', title: 'Email', page: lazyPage(() => import('./pages/admin/email/EmailPage')) },
  { path: '/admin/stripe', access: 'admin', title: 'Payments', page: lazyPage(() => import('./pages/admin/stripe/AdminStripePage')) },
  {
    path: '/admin/merch',
    access: 'admin',
    title: 'Merch & Snacks Management',
    page: lazyPage(() => import('./pages/admin/merch/AdminMerchPage')),
    preload: () => import('./pages/admin/merch/AdminMerchPage.preload'),
  },
  {
    path: '/admin/scheduled-jobs',
    access: 'admin',
    title: 'Scheduled Jobs',
    page: lazyPage(() => import('./pages/admin/jobs/ScheduledJobsPage')),
    preload: () => import('./pages/admin/jobs/ScheduledJobsPage.preload'),
  },
  {
    path: '/admin/landing-page-customization',
    access: 'admin',
    title: 'Landing Page',
    page: lazyPage(() => import('./pages/admin/LandingPageCustomizationPage')),
    preload: () => import('./pages/admin/LandingPageCustomizationPage.preload'),
  },
  { path: '/admin/pos', access: 'admin', title: 'Point of Sale', page: lazyPage(() => import('./pages/admin/pos/PosPage')) },
];

export const notFoundRoute: AppRoute = {
  path: '*',
  access: 'public',
  title: 'Page Not Found',
  page: lazyPage(() => import('./pages/misc/NotFoundPage')),
};
