import { authModule } from '../auth/index.js';
import { FailureLimiter, RequestQuota } from '../auth/login-limiter.js';
import { TokenSigner } from '../auth/tokens.js';
import { defineModule } from '../module.js';
import { CheckInResolver } from './checkin.resolver.js';
import { CheckInService, KIOSK_LOOKUPS } from './checkin.service.js';

/** The front-desk kiosk (PIN, QR code, or a name found on a screen staff set up) and staff check-in. */
export const checkInModule = defineModule({
  name: 'checkIn',
  uses: [authModule],
  resolvers: [CheckInResolver],
  service: ({ env, orm, auth, events }) => {
    const limiterEm = orm.em.fork();
    return new CheckInService(
      new TokenSigner(env.jwtSecret),
      new FailureLimiter(limiterEm, { prefix: 'kiosk', maxFailures: 5, windowSeconds: 15 * 60, what: 'check-in' }),
      auth,
      new RequestQuota(limiterEm, 'kiosk-lookup', KIOSK_LOOKUPS.points, KIOSK_LOOKUPS.windowSeconds),
      events,
    );
  },
});
