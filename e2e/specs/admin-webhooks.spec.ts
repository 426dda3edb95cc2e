import { expect, test } from '@playwright/test';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';
import { expectAccessible, loginViaApi, openSignedIn, shot } from './support';

interface Received {
  id: string;
  type: string;
  verified: boolean;
}

/** A webhook receiver on loopback (the e2e server allows private networks) that answers 202 "ok <n>". */
async function startReceiver() {
  const received: { body: string; headers: http.IncomingHttpHeaders }[] = [];
  const server = http.createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8').on('data', (chunk: string) => (body += chunk));
    req.on('end', () => {
      received.push({ body, headers: req.headers });
      res.writeHead(202, { 'content-type': 'text/plain' }).end(`ok ${received.length}`);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    /** Every delivery so far, checked with the Standard Webhooks library and this secret. */
    deliveries(secret: string): Received[] {
      const wh = new Webhook(secret);
      return received.map(({ body, headers }) => {
        let verified = true;
        try {
          wh.verify(body, headers as Record<string, string>);
        } catch {
          verified = false;
        }
        return { id: String(headers['webhook-id']), type: JSON.parse(body).type, verified };
      });
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/**
 * /admin/webhooks: an admin registers an endpoint (its secret shown once), sends a test event that a receiver on
 * loopback verifies, reads the delivery in the log with its status and answer, and replays it (same webhook-id).
 */
for (const width of [1366, 375]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: width > 800 ? 800 : 812 } });

    test('registers an endpoint, sends a test event, reads the log, replays', async ({ page, request }, testInfo) => {
      test.slow();
      const receiver = await startReceiver();
      try {
        const url = `${receiver.url}/hooks/${width}`;
        const admin = await loginViaApi(request, 'admin');
        await openSignedIn(page, admin, '/admin/webhooks');
        await expect(page.getByRole('heading', { name: 'Webhooks', level: 1 })).toBeVisible();

        await page.getByRole('button', { name: /New endpoint/ }).click();
        const dialog = page.getByRole('dialog', { name: 'New webhook endpoint' });
        await dialog.getByRole('textbox', { name: 'Address' }).fill(url);
        await dialog.getByRole('textbox', { name: 'Description' }).fill('Accounting sync');
        await dialog.getByRole('checkbox', { name: /order\.paid/ }).check();
        await expectAccessible(page, testInfo, `admin-webhook-dialog-${width}`);
        await dialog.getByRole('button', { name: 'Create endpoint' }).click();

        const shown = page.getByRole('dialog', { name: 'Endpoint created: its signing secret' });
        await expect(shown.getByText(/not shown again/)).toBeVisible();
        const secret = await shown.getByRole('textbox', { name: 'Secret' }).inputValue();
        expect(secret).toMatch(/^whsec_[A-Za-z0-9+/=]+$/);
        await shot(page, `admin-webhook-secret-${width}`);
        await shown.getByRole('button', { name: 'Done' }).click();
        await expect(shown).toBeHidden();
        // Shown once: the page holds it no more, not after a reload either.
        await page.reload();
        await expect(page.getByRole('list', { name: 'Webhook endpoints' }).getByText(url)).toBeVisible();
        expect(await page.content()).not.toContain(secret);

        await page.getByRole('button', { name: `Send a test event to ${url}` }).click();
        await expect
          .poll(() => receiver.deliveries(secret))
          .toEqual([{ id: expect.stringMatching(/^msg_/), type: 'webhook.test', verified: true }]);

        await page.getByRole('button', { name: `Deliveries to ${url}` }).click();
        const log = page.getByRole('dialog', { name: `Deliveries to ${url}` });
        const delivery = log.getByRole('list', { name: 'Deliveries' }).getByRole('listitem').first();
        await expect(delivery.getByText('webhook.test')).toBeVisible();
        await expect(delivery.getByRole('list', { name: 'Attempts' }).getByText('202')).toBeVisible();
        await expect(delivery.getByText('ok 1')).toBeVisible();
        await expectAccessible(page, testInfo, `admin-webhook-log-${width}`);
        await shot(page, `admin-webhook-log-${width}`);

        await delivery.getByRole('button', { name: /^Replay webhook\.test/ }).click();
        await expect(page.getByText('Sent again')).toBeVisible();
        await expect
          .poll(() => receiver.deliveries(secret).map((d) => [d.id, d.verified]))
          .toEqual([
            [receiver.deliveries(secret)[0].id, true],
            [receiver.deliveries(secret)[0].id, true],
          ]);
        await expect(async () => {
          await log.getByRole('button', { name: 'Refresh' }).click();
          await expect(delivery.getByRole('list', { name: 'Attempts' }).getByRole('listitem')).toHaveCount(2, { timeout: 1000 });
        }).toPass();
        await expect(delivery.getByText('ok 2')).toBeVisible();
      } finally {
        await receiver.close();
      }
    });
  });
}
