import type { RestRoute } from '../routes.js';

export const paymentRestRoutes: RestRoute[] = [
  {
    method: 'post',
    path: '/stripe/create-checkout-session',
    operation: `mutation RestCreateCheckoutSession { createCheckoutSession { url } }`,
    // No body; answers {url} and the browser goes there.
    result: (data) => ({ url: (data.createCheckoutSession as { url: string }).url }),
  },
];
