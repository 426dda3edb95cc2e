import { act, render, screen, within } from '@testing-library/react';
import { TEST_MODE_TEXT, TestModeBanner } from '../components/TestModeBanner';
import { ScheduleBrowser } from '../components/schedule/ScheduleBrowser';
import { preloadSchedule } from '../components/schedule/ScheduleBrowser.preload';
import { makeClass } from '../../test/classFixtures';
import { Suspense } from 'react';
import LandingPage from '../pages/landing/LandingPage';
import { routes } from '../routes';
import { fakeSession, renderApp, scriptedLink } from '../../test/utils';
import { createStudioApollo } from './apollo';
import { StudioThemeProvider } from './App';
import { preloadFirstPage } from './AppRoutes';
import { addDays, todayIso } from './dates';
import { FIRST_LOAD_ELEMENT_ID, hydrateFirstLoad, ROUTE_DATA_ELEMENT_ID } from './firstLoad';
import type { FirstLoadQuery } from './firstLoad.generated';
import { lazyPage } from './lazyPage';
import { TOKEN_KEY } from './storage';

/** The answer the API puts in the page (api/src/http/first-load.ts), as GraphQL gives it: with __typename. */
const answer: FirstLoadQuery & { landingPageConfig: { __typename: string } } = {
  landingPageConfig: {
    __typename: 'LandingPageConfig',
    announcementEnabled: true,
    announcementText: 'Open house </script> on Saturday',
    heroTitle: 'Spring showcase',
    heroSubtitle: 'Silks and lyra for every level.',
    heroCta: 'Join the studio',
    heroCtaLink: '/register',
    heroBackgroundImage: '',
    primaryColor: '#0E7490',
    secondaryColor: '#DB2777',
    featuresTitle: 'Everything your studio life needs',
    featuresSubtitle: 'One app for members, parents and staff.',
    featuresContent: [{ __typename: 'LandingFeature', icon: 'event', title: 'Class scheduling', description: 'Book in seconds.' }],
    socialLinks: [{ __typename: 'SocialLink', label: 'Instagram', url: 'https://instagram.com/' }],
    introOfferTitle: 'Two classes for $30',
    introOfferText: 'Any two classes within 30 days.',
    introOfferCta: 'Get the intro pass',
    introOfferLink: '/memberships',
    visitAddress: '214 Canal Street\nPortland',
    visitHours: 'Mon–Fri: 5 pm – 9:30 pm',
    contactPhone: '+1 503 555 0142',
    contactEmail: '',
    updatedAt: '2030-03-01T10:00:00.000Z',
  } as unknown as FirstLoadQuery['landingPageConfig'] & { __typename: string },
  paymentsTestMode: false,
};

/** A data block as the server writes it (its `<` escaped). */
function pageCarrying(text: string, id = FIRST_LOAD_ELEMENT_ID): void {
  const block = document.createElement('script');
  block.type = 'application/json';
  block.id = id;
  block.textContent = text;
  document.head.append(block);
}

afterEach(() => [FIRST_LOAD_ELEMENT_ID, ROUTE_DATA_ELEMENT_ID].forEach((id) => document.getElementById(id)?.remove()));

describe('the first-load answer in the page', () => {
  it('fills the cache: the theme and the landing page render at once, without asking the server', () => {
    pageCarrying(JSON.stringify(answer).replace(/</g, '\\u003c'));
    const { link, calls } = scriptedLink({});
    const apollo = createStudioApollo({ link });
    expect(hydrateFirstLoad(apollo.client)).toBe(true);

    const { container } = renderApp(
      <StudioThemeProvider>
        <LandingPage />
      </StudioThemeProvider>,
      { apollo, session: fakeSession() },
    );
    // In the first render: no loading state, no request (the live subscription aside).
    expect(screen.getByRole('heading', { level: 1, name: 'Spring showcase' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Announcement' })).toHaveTextContent('Open house </script> on Saturday');
    // The intro offer and the studio's visit details; no email link when there is no email.
    const offer = screen.getByRole('region', { name: 'Two classes for $30' });
    expect(within(offer).getByRole('link', { name: 'Get the intro pass' })).toHaveAttribute('href', '/memberships');
    const visit = screen.getByRole('region', { name: 'Visit us' });
    expect(visit).toHaveTextContent('Mon–Fri: 5 pm – 9:30 pm');
    expect(within(visit).getByRole('link', { name: '+1 503 555 0142' })).toHaveAttribute('href', 'tel:+15035550142');
    expect(within(visit).queryByRole('link', { name: /@/ })).toBeNull();
    expect(calls.filter((c) => c.operationName !== 'LandingPageChanged')).toEqual([]);
    // The whole app is themed with the studio's colours from the start.
    const themed = container.querySelector<HTMLElement>('[style*="--toast-accent"]');
    expect(themed?.style.getPropertyValue('--toast-accent').toUpperCase()).toBe('#0E7490');
  });

  it('with the test provider, every page says "Test mode — no card is charged" at once; without it nothing', () => {
    for (const testMode of [true, false]) {
      pageCarrying(JSON.stringify({ ...answer, paymentsTestMode: testMode }));
      const { link, calls } = scriptedLink({});
      const apollo = createStudioApollo({ link });
      expect(hydrateFirstLoad(apollo.client)).toBe(true);
      const { unmount } = renderApp(<TestModeBanner />, { apollo, session: fakeSession() });
      if (testMode) expect(screen.getByTestId('test-mode-banner')).toHaveTextContent(TEST_MODE_TEXT);
      else expect(screen.queryByTestId('test-mode-banner')).not.toBeInTheDocument();
      expect(calls).toEqual([]);
      unmount();
      document.getElementById(FIRST_LOAD_ELEMENT_ID)?.remove();
    }
  });

  it('without it (npm run dev, or the database did not answer in time) the app asks the server as before', async () => {
    const { link, calls } = scriptedLink({});
    const apollo = createStudioApollo({ link });
    expect(hydrateFirstLoad(apollo.client)).toBe(false);
    renderApp(<LandingPage />, { apollo, session: fakeSession() });
    expect(screen.getByRole('status', { name: 'Loading the landing page' })).toBeInTheDocument();
    await act(async () => new Promise((r) => setTimeout(r, 0)));
    expect(calls.map((c) => c.operationName)).toContain('LandingPage');
  });

  it('an unreadable block is left aside (with a warning), and the app asks the server', () => {
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    pageCarrying('{"landingPageConfig": ');
    const apollo = createStudioApollo({ link: scriptedLink({}).link });
    expect(hydrateFirstLoad(apollo.client)).toBe(false);
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('could not be read'), expect.any(Error));
  });
});

describe("the calendar's week in the page", () => {
  const today = todayIso();
  const week = [
    makeClass({ id: 'c-today', name: 'Silks Intro', date: today }),
    makeClass({ id: 'c-next', name: 'Lyra Flow', date: addDays(today, 1) }),
  ];
  const carried = (variables: object) => pageCarrying(JSON.stringify({ variables, data: { classSchedule: week } }), ROUTE_DATA_ELEMENT_ID);
  const start = (route = '/calendar') => {
    const { link, calls } = scriptedLink({});
    const apollo = createStudioApollo({ link });
    preloadSchedule({ client: apollo.client, params: {}, search: new URL(route, 'http://studio.test').searchParams, user: null });
    renderApp(<ScheduleBrowser onOpenClass={jest.fn()} />, { apollo, route, session: fakeSession() });
    return calls;
  };
  /** The schedule requests sent once the work started now has settled. */
  const scheduleRequests = async (calls: { operationName: string }[]) => {
    await act(async () => new Promise((r) => setTimeout(r, 0)));
    return calls.filter((c) => c.operationName === 'ClassSchedule');
  };

  it('shows in the first frame, with no request, for a visitor who is not signed in; and it is taken once', async () => {
    carried({ from: today, to: addDays(today, 6) });
    const calls = start();
    expect(screen.getAllByTestId('class-card').map((card) => card.getAttribute('data-class-id'))).toEqual(['c-today', 'c-next']);
    expect(await scheduleRequests(calls)).toEqual([]);
    expect(document.getElementById(ROUTE_DATA_ELEMENT_ID)).toBeNull();
  });

  it('is left aside for other variables (an address with parameters, another day), and for a signed-in member', async () => {
    carried({ from: addDays(today, -1), to: addDays(today, 5) });
    expect(await scheduleRequests(start())).toHaveLength(1);
    localStorage.setItem(TOKEN_KEY, 'token-1');
    carried({ from: today, to: addDays(today, 6) });
    // The server answered as an anonymous visitor: a member's own places in the classes are not in it.
    expect(await scheduleRequests(start())).toHaveLength(1);
  });
});

describe('the first page', () => {
  it('whose code is in renders in the first frame, with no Suspense round', async () => {
    const Page = lazyPage(async () => ({ default: () => <h1>Ready</h1> }));
    await Page.preload();
    render(
      <Suspense fallback={<p>Loading...</p>}>
        <Page />
      </Suspense>,
    );
    expect(screen.getByRole('heading', { name: 'Ready' })).toBeInTheDocument();
    expect(screen.queryByText('Loading...')).not.toBeInTheDocument();
  });

  it('has its code loaded before the first render when the guard will show it, never for a page it redirects from', async () => {
    const client = createStudioApollo({ link: scriptedLink({}).link }).client;
    const landing = routes.find((r) => r.path === '/')!;
    const dashboard = routes.find((r) => r.path === '/dashboard')!;
    const landingLoad = jest.spyOn(landing.page, 'preload');
    const dashboardLoad = jest.spyOn(dashboard.page, 'preload');

    window.history.pushState({}, '', '/');
    await preloadFirstPage(client);
    expect(landingLoad).toHaveBeenCalledTimes(1);

    // Signed out, /dashboard goes to /login; with a stored token it waits for the session first.
    window.history.pushState({}, '', '/dashboard');
    await preloadFirstPage(client);
    localStorage.setItem(TOKEN_KEY, 'token-1');
    await preloadFirstPage(client);
    expect(dashboardLoad).not.toHaveBeenCalled();
    window.history.pushState({}, '', '/');
  });
});
