import { expect, test } from '@playwright/test';
import { gql, loginViaApi, openSignedIn, shot } from './support';

// Each test saves the whole editor form: run one at a time so none writes back what another just changed.
test.describe.configure({ mode: 'serial' });

test('an admin’s saved landing change shows on / at once, also in an open tab', async ({ page, browser, request }) => {
  const admin = await loginViaApi(request, 'admin');
  const before = await gql(request, '{ landingPageConfig { heroTitle announcementEnabled announcementText } }');
  const title = `Spring showcase ${Date.now().toString(36)}`;

  // A visitor already on the landing page.
  const visitorContext = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  const visitor = await visitorContext.newPage();
  await visitor.goto('/');
  await expect(visitor.getByRole('heading', { level: 1 })).toBeVisible();

  await openSignedIn(page, admin, '/admin/landing-page-customization');
  const title_ = page.getByRole('region', { name: 'Hero' }).getByRole('textbox', { name: /^Title/ });
  await title_.fill('');
  await page.getByRole('button', { name: 'Save changes' }).first().click();
  await expect(page.getByText('Enter a hero title.')).toBeVisible();

  await title_.fill(title);
  const banner = page.getByRole('region', { name: 'Announcement banner' });
  await banner.getByLabel('Show').check();
  await banner.getByRole('textbox', { name: /^Announcement/ }).fill('Open house this Saturday!');
  // The live preview follows the draft.
  await expect(page.getByRole('region', { name: 'Live preview' }).getByText(title)).toBeAttached();
  await shot(page, 'landing-customization');
  await page.getByRole('button', { name: 'Save changes' }).first().click();
  await expect(page.getByTestId('toast')).toContainText('Landing page saved');

  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Announcement' })).toContainText('Open house this Saturday!');
  await shot(page, 'landing-after-save');

  // The open tab got it over the subscription, without a reload.
  await expect(visitor.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await visitorContext.close();

  // Put the page back for other specs and later runs.
  await gql(
    request,
    `mutation($input: UpdateLandingPageConfigInput!) { updateLandingPageConfig(input: $input) { heroTitle } }`,
    { input: before.landingPageConfig },
    admin.token,
  );
});

test('on a phone the landing editor and its live preview take turns behind an Edit/Preview switch', async ({ page, request }) => {
  const admin = await loginViaApi(request, 'admin');
  await page.setViewportSize({ width: 375, height: 740 });
  await openSignedIn(page, admin, '/admin/landing-page-customization');
  const form = page.getByRole('form', { name: 'Landing page settings' });
  const preview = page.getByRole('region', { name: 'Live preview' });
  await expect(form).toBeVisible();
  await expect(preview).toBeHidden();

  const title = `Winter flying ${Date.now().toString(36)}`;
  await page
    .getByRole('region', { name: 'Hero' })
    .getByRole('textbox', { name: /^Title/ })
    .fill(title);
  await page.getByRole('button', { name: 'Preview' }).click();
  await expect(form).toBeHidden();
  // The draft, at the phone's own width (not a desktop page scaled down).
  await expect(preview.getByRole('heading', { name: title })).toBeVisible();
  const heading = (await preview.getByRole('heading', { name: title }).boundingBox())!;
  expect(heading.height).toBeGreaterThan(24);
  await shot(page, 'landing-customization-phone-preview');

  // Back to the form: the draft is still there.
  await page.getByRole('button', { name: 'Edit' }).click();
  await expect(page.getByRole('region', { name: 'Hero' }).getByRole('textbox', { name: /^Title/ })).toHaveValue(title);
});

test('the demo studio’s page shows its intro offer and where and when to visit; the admin edits them', async ({ page, request }) => {
  const admin = await loginViaApi(request, 'admin');
  const before = await gql(request, '{ landingPageConfig { introOfferTitle introOfferText introOfferCta introOfferLink visitHours } }');
  await page.goto('/');
  const offer = page.getByRole('region', { name: before.landingPageConfig.introOfferTitle });
  await expect(offer).toBeVisible();
  const visit = page.getByRole('region', { name: 'Visit us' });
  await expect(visit.getByRole('link', { name: 'Directions' })).toHaveAttribute('href', /openstreetmap\.org\/search\?query=214%20Canal/);
  await expect(visit.getByRole('link', { name: '+1 503 555 0142' })).toHaveAttribute('href', 'tel:+15035550142');
  await expect(page.getByRole('navigation', { name: 'Social links' }).getByRole('link', { name: 'Instagram' })).toHaveAttribute(
    'href',
    /instagram\.com\/aerialstudio\.demo/,
  );
  // The offer leads to the shop's passes; a visitor signs in on the way.
  await offer.getByRole('link', { name: before.landingPageConfig.introOfferCta }).click();
  await expect(page).toHaveURL(/\/login/);

  await openSignedIn(page, admin, '/admin/landing-page-customization');
  const form = page.getByRole('form', { name: 'Landing page settings' });
  const editor = form.getByRole('region', { name: 'Intro offer' });
  await editor.getByRole('textbox', { name: /^Button text/ }).fill('');
  await page.getByRole('button', { name: 'Save changes' }).first().click();
  await expect(editor.getByText('Enter the button text for the offer.')).toBeVisible();
  const title = `First class free ${Date.now().toString(36)}`;
  await editor.getByRole('textbox', { name: /^Offer title/ }).fill(title);
  await editor.getByRole('textbox', { name: /^Button text/ }).fill('Claim it');
  await form
    .getByRole('region', { name: 'Visit us' })
    .getByRole('textbox', { name: /^Opening hours/ })
    .fill('Every day: 7 am – 10 pm');
  await page.getByRole('button', { name: 'Save changes' }).first().click();
  await expect(page.getByTestId('toast')).toContainText('Landing page saved');

  await page.goto('/');
  await expect(page.getByRole('heading', { name: title })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Claim it' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Visit us' })).toContainText('Every day: 7 am – 10 pm');
  await shot(page, 'landing-offer-visit');

  await gql(
    request,
    `mutation($input: UpdateLandingPageConfigInput!) { updateLandingPageConfig(input: $input) { introOfferTitle } }`,
    { input: before.landingPageConfig },
    admin.token,
  );
});
