import { authModule } from '../auth/index.js';
import { FailureLimiter } from '../auth/login-limiter.js';
import { TokenSigner } from '../auth/tokens.js';
import { defineModule } from '../module.js';
import { CheckInResolver } from './checkin.resolver.js';
import { CheckInService } from './checkin.service.js';

/** The front-desk kiosk (PIN or QR code) and staff check-in. */
export const checkInModule = defineModule({
  name: 'checkIn',
  uses: [authModule],
  resolvers: [CheckInResolver],
  service: ({ env, orm, auth }) =>
    new CheckInService(
      new TokenSigner(env.jwtSecret),
      new FailureLimiter(orm.em.fork(), { prefix: 'kiosk', maxFailures: 5, windowSeconds: 15 * 60, what: 'check-in' }),
      auth,
    ),
});
