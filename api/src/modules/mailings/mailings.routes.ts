import type { MikroORM } from '@mikro-orm/postgresql';
import type { Env } from '../../env.js';
import type { HttpRoute } from '../routes.js';
import type { MailingService } from './mailings.service.js';
import { unsubscribePage } from './unsubscribe.page.js';
import { userOfUnsubscribeToken } from './unsubscribe-token.js';

const PATH = '/api/email/unsubscribe/:token';

/**
 * An email's unsubscribe address: GET shows a confirmation (link scanners must not unsubscribe anyone), POST
 * unsubscribes — the page's button, and a mail app's one-click unsubscribe (RFC 8058, List-Unsubscribe-Post).
 */
export const mailingHttpRoutes = ({ env, orm, mailings }: { env: Env; orm: MikroORM; mailings: MailingService }): HttpRoute[] => {
  const userOf = (token: unknown) => (typeof token === 'string' ? userOfUnsubscribeToken(env.jwtSecret, token) : null);
  const exists = async (userId: string) =>
    (await orm.em.fork().getConnection().execute<{ n: number }[]>('select count(*)::int as n from app_user where id = ?', [userId]))[0].n >
    0;
  return [
    {
      method: 'get',
      path: PATH,
      handler: async (req, res) => {
        const userId = userOf(req.params.token);
        const valid = userId !== null && (await exists(userId));
        res
          .status(valid ? 200 : 404)
          .type('html')
          .send(unsubscribePage(valid ? 'confirm' : 'invalid', env.STUDIO_NAME, req.originalUrl.split('?')[0]));
      },
    },
    {
      method: 'post',
      path: PATH,
      handler: async (req, res) => {
        const userId = userOf(req.params.token);
        if (!userId || !(await exists(userId))) {
          res
            .status(404)
            .type('html')
            .send(unsubscribePage('invalid', env.STUDIO_NAME, ''));
          return;
        }
        const em = orm.em.fork();
        await em.transactional((tx) =>
          mailings.optOuts.unsubscribe(
            tx,
            userId,
            req.is('application/x-www-form-urlencoded') && req.headers['user-agent'] ? 'link' : 'one_click',
          ),
        );
        res
          .status(200)
          .type('html')
          .send(unsubscribePage('done', env.STUDIO_NAME, ''));
      },
    },
  ];
};
