import type { Services } from '../services.js';

/** The demo studio's home page: its picture, an intro offer that leads to the shop, where it is and when it is open. */
export const DEMO_LANDING = {
  heroBackgroundImage: '/demo/studio.svg',
  introOfferTitle: 'New here? Two classes for $30',
  introOfferText:
    'Try silks, lyra, hammock or pole with the intro pass: any two classes within 30 days, coached from the floor up. ' +
    'After that, drop in from $20, take a 5-class pack for $110 or go unlimited for $149 a month.',
  introOfferCta: 'Get the intro pass',
  introOfferLink: '/memberships',
  visitAddress: '214 Canal Street, Unit 3\nPortland, OR 97209',
  visitHours: 'Mon–Fri: 5 pm – 9:30 pm\nSaturday: 11 am – 7:30 pm\nSunday: closed',
  contactPhone: '+1 503 555 0142',
  contactEmail: 'hello@aerialstudio.example',
  socialLinks: [
    { label: 'Instagram', url: 'https://www.instagram.com/aerialstudio.demo/' },
    { label: 'Facebook', url: 'https://www.facebook.com/aerialstudio.demo' },
    { label: 'YouTube', url: 'https://www.youtube.com/@aerialstudio.demo' },
  ],
};

/** Sets the demo content once, on the demo's first run: what an admin changes afterwards stays. */
export async function seedDemoLanding(services: Services): Promise<void> {
  await services.landing.update(services.orm.em.fork(), DEMO_LANDING);
}
