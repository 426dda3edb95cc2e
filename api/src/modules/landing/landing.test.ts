import { startTestApp, type TestApp } from '../../../test/app.js';
import { makeUser, Role } from '../../../test/factories.js';
import { collect, wsClient } from '../../../test/ws.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const UPDATE = `mutation($i: UpdateLandingPageConfigInput!) { updateLandingPageConfig(input: $i) { heroTitle primaryColor announcementEnabled announcementText } }`;

it('serves the defaults of the spec to everyone', async () => {
  const res = await t.gql(
    `{ landingPageConfig { announcementEnabled primaryColor secondaryColor heroCtaLink featuresTitle featuresSubtitle featuresContent { icon title description } } }`,
  );
  const config = res.data?.landingPageConfig;
  expect(config).toMatchObject({
    announcementEnabled: false,
    primaryColor: '#8B5CF6',
    secondaryColor: '#A855F7',
    heroCtaLink: '/register',
  });
  expect(config.featuresTitle).toBeTruthy();
  expect(config.featuresSubtitle).toBeTruthy();
  expect(config.featuresContent.map((f: { title: string }) => f.title)).toEqual([
    'Class scheduling',
    'Real-time communication',
    'Skill tracking',
    'Family management',
  ]);
});

it('lets only admins update it', async () => {
  const input = { heroTitle: 'Nope' };
  expect((await t.gql(UPDATE, { i: input })).errors?.[0].extensions?.code).toBe('UNAUTHENTICATED');
  const member = await makeUser(t, { role: Role.instructor });
  expect((await t.gql(UPDATE, { i: input }, { token: member.token })).errors?.[0].extensions?.code).toBe('FORBIDDEN');
});

it('validates colours, links and lengths, field by field', async () => {
  const admin = await makeUser(t, { role: Role.admin });
  const res = await t.gql(
    UPDATE,
    {
      i: {
        primaryColor: 'purple',
        heroCtaLink: 'javascript:alert(1)',
        heroTitle: 'x'.repeat(121),
        socialLinks: [{ label: 'Insta', url: 'ftp://x' }],
      },
    },
    { token: admin.token },
  );
  expect(res.errors?.[0].extensions?.code).toBe('BAD_USER_INPUT');
  expect(res.errors?.[0].extensions?.fields).toMatchObject({
    primaryColor: 'Use a colour like #8B5CF6.',
    heroCtaLink: 'Use a path starting with / or a full http(s) address.',
    url: 'Use a full http(s) address.',
  });
  expect(res.errors?.[0].extensions?.fields.heroTitle).toBeTruthy();
});

it.each(['/\\evil.example', '/\\/evil.example', 'https://studio.example\\@evil.example', '//evil.example'])(
  'refuses the link %s, which browsers read as another host',
  async (link) => {
    const admin = await makeUser(t, { role: Role.admin });
    const res = await t.gql(UPDATE, { i: { heroCtaLink: link } }, { token: admin.token });
    expect(res.errors?.[0].extensions?.fields).toMatchObject({ heroCtaLink: 'Use a path starting with / or a full http(s) address.' });
  },
);

it('saves changes, keeps omitted fields, and pushes them to live subscribers', async () => {
  const admin = await makeUser(t, { role: Role.admin });
  const client = wsClient(t.url);
  const sub = collect(client, `subscription { landingPageConfigChanged { heroTitle announcementEnabled } }`);
  await new Promise((r) => setTimeout(r, 300)); // let the subscription reach the server
  const res = await t.gql(
    UPDATE,
    {
      i: {
        heroTitle: 'Spring showcase',
        announcementEnabled: true,
        announcementText: 'Showcase tickets on sale',
        heroCtaLink: 'https://tickets.example/show',
      },
    },
    { token: admin.token },
  );
  expect(res.data?.updateLandingPageConfig).toMatchObject({
    heroTitle: 'Spring showcase',
    primaryColor: '#8B5CF6',
    announcementEnabled: true,
  });
  const pushed = await sub.next();
  expect(pushed.data.landingPageConfigChanged).toEqual({ heroTitle: 'Spring showcase', announcementEnabled: true });
  sub.stop();
  await client.dispose();
  expect((await t.gql(`{ landingPageConfig { heroTitle announcementText } }`)).data?.landingPageConfig).toEqual({
    heroTitle: 'Spring showcase',
    announcementText: 'Showcase tickets on sale',
  });
});

it('saves the intro offer and the studio visit details, and refuses an offer without its button', async () => {
  const admin = await makeUser(t, { role: Role.admin });
  const VISIT = `mutation($i: UpdateLandingPageConfigInput!) { updateLandingPageConfig(input: $i) {
    introOfferTitle introOfferCta introOfferLink visitAddress visitHours contactPhone contactEmail } }`;
  const offer = { introOfferTitle: 'Two classes for $30', introOfferCta: 'Get the intro pass', introOfferLink: '/memberships' };
  const visit = { visitAddress: '214 Canal Street\nPortland', visitHours: 'Mon–Fri 5–9:30 pm', contactPhone: '+1 503 555 0142' };
  const saved = await t.gql(VISIT, { i: { ...offer, ...visit, contactEmail: 'hello@studio.example' } }, { token: admin.token });
  expect(saved.errors).toBeUndefined();
  expect(saved.data?.updateLandingPageConfig).toEqual({ ...offer, ...visit, contactEmail: 'hello@studio.example' });

  // The offer's button may not be emptied while the offer has a title: checked against the saved page.
  const noButton = await t.gql(VISIT, { i: { introOfferCta: '  ' } }, { token: admin.token });
  expect(noButton.errors?.[0].extensions).toMatchObject({
    code: 'BAD_USER_INPUT',
    fields: { introOfferCta: 'Enter the button text for the offer.' },
  });
  const bad = await t.gql(
    VISIT,
    { i: { introOfferLink: '//evil.example', contactEmail: 'not-an-email', contactPhone: 'call me', visitHours: 'x'.repeat(501) } },
    { token: admin.token },
  );
  expect(bad.errors?.[0].extensions?.fields).toMatchObject({
    introOfferLink: 'Use a path starting with / or a full http(s) address, or leave it empty.',
    contactEmail: 'Enter a valid email address, or leave it empty.',
    contactPhone: 'Use digits, spaces and + ( ) - . only.',
    visitHours: 'Use at most 500 characters.',
  });
  const rest = await (await fetch(`${t.url}/api/landing-page-config`)).json();
  expect(rest).toMatchObject({ ...offer, ...visit });
  // Clearing the title hides the offer; its button may then go too.
  const cleared = await t.gql(VISIT, { i: { introOfferTitle: '', introOfferCta: '', introOfferLink: '' } }, { token: admin.token });
  expect(cleared.data?.updateLandingPageConfig).toMatchObject({ introOfferTitle: '', introOfferCta: '' });
});
