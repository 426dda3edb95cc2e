import { mergeAuth } from './auth.merge.js';
import { emailModule } from '../email/index.js';
import { defineModule } from '../module.js';
import { notificationsModule } from '../notifications/index.js';
import { usersModule } from '../users/index.js';
import { waiversModule } from '../waivers/index.js';
import { AuthResolver, SessionResolver } from './auth.resolver.js';
import { authRestRoutes } from './auth.rest.js';
import { AuthService } from './auth.service.js';
import { FailureLimiter, RequestQuota } from './login-limiter.js';
import { PasswordResetToken } from './password-reset-token.entity.js';
import { Session } from './session.entity.js';
import { TokenSigner } from './tokens.js';

/** Sign-in, registration, sessions (signed tokens), password change and reset. */
export const authModule = defineModule({
  name: 'auth',
  uses: [usersModule, waiversModule, emailModule, notificationsModule],
  entities: [PasswordResetToken, Session],
  resolvers: [AuthResolver, SessionResolver],
  service: ({ env, orm, pubsub, users, waivers, email, notifications }) => {
    const limiterEm = orm.em.fork();
    const loginLimiter = new FailureLimiter(limiterEm, { prefix: 'login', maxFailures: 10, windowSeconds: 15 * 60, what: 'sign-in' });
    const quotas = {
      reset: new RequestQuota(limiterEm, 'reset', 5, 3600),
      registration: new RequestQuota(limiterEm, 'register', env.REGISTRATIONS_PER_IP_PER_HOUR, 3600),
    };
    return new AuthService(env, new TokenSigner(env.jwtSecret), loginLimiter, quotas, users, waivers, email, pubsub, notifications);
  },
  events: (on) => on('member.merged', 'inTransaction', (tx, pair) => mergeAuth(tx, pair)),
  restRoutes: authRestRoutes,
});
