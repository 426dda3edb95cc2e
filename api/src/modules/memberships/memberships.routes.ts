import type { MikroORM } from '@mikro-orm/postgresql';
import type { Env } from '../../env.js';
import { TEST_PAYMENT_LINK_REFUSAL } from '../payments/payments.routes.js';
import type { HttpRoute } from '../routes.js';
import type { MembershipService } from './memberships.service.js';
import { appOriginOf } from '../../common/app-origin.js';
import { testSubscribePage } from './test-subscribe.page.js';

/** The test provider's subscription checkout (a membership plan): Pay sends the events Stripe would. */
export function testSubscribeRoutes(
  memberships: MembershipService,
  orm: MikroORM,
  env: Pick<Env, 'publicUrl' | 'STUDIO_NAME'>,
): HttpRoute[] {
  return [
    {
      method: 'get',
      path: '/api/stripe/test-subscribe/:id',
      handler: async (req, res) => {
        const checkout = await memberships.testCheckout(orm.em.fork(), String(req.params.id));
        if (!checkout) return void res.status(404).type('text/plain').send('Not found');
        const token = memberships.mayPayTestCheckout(checkout, req.query.token) ? String(req.query.token) : null;
        res.type('html').send(testSubscribePage(checkout, env.STUDIO_NAME, token));
      },
    },
    {
      method: 'post',
      path: '/api/stripe/test-subscribe/:id/pay',
      handler: async (req, res) => {
        const id = String(req.params.id);
        const checkout = await memberships.testCheckout(orm.em.fork(), id);
        if (!checkout) return void res.status(404).type('text/plain').send('Not found');
        if (!memberships.mayPayTestCheckout(checkout, req.query.token))
          return void res.status(403).type('text/plain').send(TEST_PAYMENT_LINK_REFUSAL);
        if (!(await memberships.payTestCheckout(orm.em.fork(), id))) {
          const now = await memberships.testCheckout(orm.em.fork(), id);
          return void res
            .status(409)
            .type('html')
            .send(testSubscribePage(now ?? checkout, env.STUDIO_NAME, null));
        }
        res.redirect(303, `${appOriginOf(req) ?? env.publicUrl}/membership-success?session_id=${encodeURIComponent(id)}`);
      },
    },
  ];
}
