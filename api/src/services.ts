import type { MikroORM } from '@mikro-orm/postgresql';
import PgBoss from 'pg-boss';
import type { Env } from './env.js';
import { lifecycle } from './lifecycle.js';
import { log } from './logger.js';
import { createStudioPubSub, PostgresEventTarget, type StudioPubSub } from './graphql/pubsub.js';
import { AuthService } from './modules/auth/auth.service.js';
import { LoginLimiter } from './modules/auth/login-limiter.js';
import { TokenSigner } from './modules/auth/tokens.js';
import { EmailService } from './modules/email/email.service.js';
import { FamilyService } from './modules/family/family.service.js';
import { LandingService } from './modules/landing/landing.service.js';
import { UserService } from './modules/users/user.service.js';
import { WaiverService } from './modules/waivers/waiver.service.js';

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
  const limiter = new LoginLimiter(orm.em.fork() as never);
  const auth = new AuthService(env, new TokenSigner(env.jwtSecret), limiter, users, waivers, email);
  const family = new FamilyService(users);

  await email.startWorkers();

  return {
    env, orm, jobs, pubsub, auth, users, family, waivers, landing, email,
    async close() {
      await jobs.stop({ graceful: true, wait: true, timeout: 5000 });
      await events.close();
    },
  };
}
