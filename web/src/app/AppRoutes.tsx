import type { ApolloClient } from '@apollo/client';
import { useApolloClient } from '@apollo/client/react';
import Box from '@mui/material/Box';
import { useEffect, useEffectEvent, useRef } from 'react';
import { Navigate, Outlet, Route, Routes, matchRoutes, useLocation, useNavigate, useParams } from 'react-router-dom';
import { NavBar } from '../components/NavBar';
import { PageLoading } from '../components/PageLoading';
import { TestModeBanner } from '../components/TestModeBanner';
import { notFoundRoute, routes, type AppRoute } from '../routes';
import { decideAccess } from './guard';
import { preloadBeforeRender, preloadVisit } from './routePreload';
import { useAuth } from './session';
import { hasStoredToken } from './storage';
import { useToast } from './toast';
import { lazyComponent } from './lazyPage';

const FeedbackButton = lazyComponent(() => import('../components/FeedbackButton').then((m) => m.default));

/** The floating Feedback button, for signed-in users only (loaded once someone signs in). */
function SignedInFeedback() {
  const { isAuthenticated } = useAuth();
  if (!isAuthenticated) return null;
  return <FeedbackButton />;
}

/** A redirect that says why (a toast on the page it lands on). */
function RedirectWithNotice({ to, notice }: { to: string; notice: string }) {
  const { toast } = useToast();
  const navigate = useNavigate();
  useEffect(() => {
    toast({ title: notice });
    navigate(to, { replace: true });
  }, [toast, navigate, to, notice]);
  return null;
}

/**
 * Applies the route's access rule, then loads the page on demand ('Loading...' meanwhile) and, at the same time,
 * the route's first queries (see routePreload.ts) — only once the guard has decided to show the page, so nothing
 * is fetched for a route the guard sends away from.
 */
export function GuardedPage({ route }: { route: AppRoute }) {
  const session = useAuth();
  const location = useLocation();
  const params = useParams();
  const client = useApolloClient();
  const decision = decideAccess({
    path: location.pathname,
    search: location.search,
    access: route.access,
    title: route.title,
    status: session.status,
    tokenStored: hasStoredToken(),
    role: session.user?.role,
    waiverSigned: session.user?.waiverSigned,
    signOutReason: session.signOutReason,
  });
  const preload = useEffectEvent(() =>
    preloadVisit(route, location.pathname, { client, params, search: new URLSearchParams(location.search), user: session.user }),
  );
  const visit = decision.kind === 'render' ? location.pathname : null;
  useEffect(() => {
    if (visit) preload();
  }, [visit]);

  if (decision.kind === 'redirect') {
    return decision.notice ? <RedirectWithNotice to={decision.to} notice={decision.notice} /> : <Navigate to={decision.to} replace />;
  }
  if (decision.kind === 'loading') return <PageLoading />;
  const Page = route.page;
  // A page still loading shows 'Loading...' (see lazyPage), never the previous page.
  return <Page />;
}

/** How long the first frame waits for the first page's code before it shows 'Loading...' in its place. */
export const FIRST_PAGE_WAIT_MS = 500;

/**
 * The first page's code and queries start before React renders anything, when the guard can already tell it will show
 * the page (public pages; pages that need the session wait for it to be verified, then preload from GuardedPage).
 * Resolves once the page's code is in and its preload has run (or either failed), at most after FIRST_PAGE_WAIT_MS,
 * so the first frame can show the page itself rather than 'Loading...': its chunks come with the entry (the server
 * names them in the page, see api/src/http/first-load.ts).
 */
export function preloadFirstPage(client: ApolloClient): Promise<void> {
  const [match] = matchRoutes([...routes, notFoundRoute], window.location) ?? [];
  if (!match) return Promise.resolve();
  const tokenStored = hasStoredToken();
  const { pathname, search } = window.location;
  const decision = decideAccess({
    path: pathname,
    access: match.route.access,
    status: tokenStored ? 'loading' : 'signed-out',
    tokenStored,
  });
  if (decision.kind !== 'render') return Promise.resolve();
  const args = { client, params: match.params, search: new URLSearchParams(search), user: null };
  // The preload runs first: it may fill the cache from the page, which the first frame then shows.
  const ready = Promise.all([match.route.page.preload(), preloadBeforeRender(match.route, pathname, args)]).then(() => undefined);
  return Promise.race([ready, new Promise<void>((resolve) => setTimeout(resolve, FIRST_PAGE_WAIT_MS))]);
}

/** A navigation to another path starts at the top of the page. */
function ScrollToTop() {
  const { pathname } = useLocation();
  const shown = useRef(pathname);
  useEffect(() => {
    // The first page is left where the browser put it (the top, or where a reload restores it): reading the scroll
    // position as the first page mounts would force the page's first layout inside React's commit, one long task.
    if (shown.current === pathname) return;
    shown.current = pathname;
    if (window.scrollY !== 0) window.scrollTo?.({ top: 0 });
  }, [pathname]);
  return null;
}

/** Pages with the navigation bar, the Feedback button and a skip link. */
function ShellLayout() {
  const { isAuthenticated } = useAuth();
  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column' }}>
      <Box
        component="a"
        href="#main"
        sx={{
          position: 'absolute',
          left: 8,
          top: -48,
          zIndex: 2100,
          bgcolor: 'primary.main',
          color: 'primary.contrastText',
          px: 2,
          py: 1,
          borderRadius: '8px',
          fontWeight: 'fontWeightBold',
          '&:focus': { top: 8 },
        }}
      >
        Skip to content
      </Box>
      <NavBar />
      {/* Signed in, phones get 8 px more gutter (24 px in all, as wider windows have): the Feedback tab sits in it. */}
      <Box component="main" id="main" tabIndex={-1} sx={{ flex: 1, outline: 'none', px: { xs: isAuthenticated ? 1 : 0, sm: 0 } }}>
        <Outlet />
      </Box>
      <SignedInFeedback />
    </Box>
  );
}

/** Pages without the navigation bar (/calendar, /check-in). */
function BareLayout() {
  return (
    <Box component="main" id="main" sx={{ minHeight: '100vh' }}>
      <Outlet />
    </Box>
  );
}

export function AppRoutes() {
  const bare = routes.filter((r) => r.access === 'bare');
  const shell = routes.filter((r) => r.access !== 'bare');
  return (
    <>
      <ScrollToTop />
      <TestModeBanner />
      <Routes>
        <Route element={<BareLayout />}>
          {bare.map((r) => (
            <Route key={r.path} path={r.path} element={<GuardedPage route={r} />} />
          ))}
        </Route>
        <Route element={<ShellLayout />}>
          {shell.map((r) => (
            <Route key={r.path} path={r.path} element={<GuardedPage route={r} />} />
          ))}
          <Route path="*" element={<GuardedPage route={notFoundRoute} />} />
        </Route>
      </Routes>
    </>
  );
}
