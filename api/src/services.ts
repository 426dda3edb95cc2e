import type { MikroORM } from '@mikro-orm/postgresql';
import PgBoss from 'pg-boss';
import type { Env } from './env.js';
import { lifecycle } from './lifecycle.js';
import { log } from './logger.js';
import { createStudioPubSub, PostgresEventTarget, type StudioPubSub } from './graphql/pubsub.js';
import { AuthService } from './modules/auth/auth.service.js';
import { FailureLimiter, RequestQuota } from './modules/auth/login-limiter.js';
import { TokenSigner } from './modules/auth/tokens.js';
import { EmailService } from './modules/email/email.service.js';
import { FamilyService } from './modules/family/family.service.js';
import { LandingService } from './modules/landing/landing.service.js';
import { UserService } from './modules/users/user.service.js';
import { WaiverService } from './modules/waivers/waiver.service.js';
import { AttendanceService } from './modules/attendance/attendance.service.js';
import { startBookingJobs } from './modules/bookings/booking.jobs.js';
import { BookingService } from './modules/bookings/booking.service.js';
import { CheckInService } from './modules/checkin/checkin.service.js';
import { ClassService } from './modules/classes/class.service.js';
import { NotificationService } from './modules/notifications/notification.service.js';
import { SettingsService } from './modules/settings/settings.service.js';

/** The long-lived singletons of one API process, built once at boot and shared by every request. */
export interface Services {
  env: Env;
  orm: MikroORM;
  jobs: PgBoss;
  pubsub: StudioPubSub;
  auth: AuthService;
  users: UserService;
  family: FamilyService;
  waivers: WaiverService;
  landing: LandingService;
  email: EmailService;
  settings: SettingsService;
  notifications: NotificationService;
  bookings: BookingService;
  classes: ClassService;
  checkIn: CheckInService;
  attendance: AttendanceService;
  close(): Promise<void>;
}

export async function createServices(env: Env, orm: MikroORM, databaseUrl: string): Promise<Services> {
  const events = new PostgresEventTarget(databaseUrl);
  await events.start();
  const pubsub = createStudioPubSub(events);

  const jobs = new PgBoss({ connectionString: databaseUrl, max: 4, schema: 'pgboss' });
  jobs.on('error', (err) => {
    if (!lifecycle.stopping) log.error('job queue error', { message: err.message });
  });
  await jobs.start();

  const users = new UserService(env.STUDIO_TIME_ZONE);
  const waivers = new WaiverService(env.STUDIO_TIME_ZONE);
  const email = new EmailService(env, orm, jobs);
  const landing = new LandingService(pubsub);
  const limiterEm = orm.em.fork() as never;
  const loginLimiter = new FailureLimiter(limiterEm, { prefix: 'login', maxFailures: 10, windowSeconds: 15 * 60, what: 'sign-in' });
  const resetQuota = new RequestQuota(limiterEm, 'reset', 5, 3600);
  const tokens = new TokenSigner(env.jwtSecret);
  const auth = new AuthService(env, tokens, loginLimiter, resetQuota, users, waivers, email);
  const family = new FamilyService(users);
  const settings = new SettingsService();
  const notifications = new NotificationService();
  const bookings = new BookingService(env.STUDIO_TIME_ZONE, pubsub, settings, notifications, waivers, users);
  const classes = new ClassService(env.STUDIO_TIME_ZONE, bookings, notifications);
  const kioskLimiter = new FailureLimiter(limiterEm, { prefix: 'kiosk', maxFailures: 5, windowSeconds: 15 * 60, what: 'check-in' });
  const checkIn = new CheckInService(tokens, kioskLimiter);
  const attendance = new AttendanceService();

  const services: Services = {
    env,
    orm,
    jobs,
    pubsub,
    auth,
    users,
    family,
    waivers,
    landing,
    email,
    settings,
    notifications,
    bookings,
    classes,
    checkIn,
    attendance,
    async close() {
      await jobs.stop({ graceful: true, wait: true, timeout: 5000 });
      await events.close();
    },
  };
  pubsub.onResync(() => bookings.resyncSpots(orm.em.fork()));
  await email.startWorkers();
  await startBookingJobs(jobs, services);
  return services;
}
