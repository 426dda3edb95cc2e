import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { createStudioApollo } from './app/apollo';
import { preloadFirstPage } from './app/AppRoutes';
import { hydrateFirstLoad } from './app/firstLoad';

const apollo = createStudioApollo();
hydrateFirstLoad(apollo.client);

// The first page's code downloads beside this entry: waiting for it lets the first frame show the page itself. The
// render is a transition, so React works in slices and the main thread stays responsive while the page mounts.
void preloadFirstPage(apollo.client).then(() => {
  const root = createRoot(document.getElementById('root')!);
  startTransition(() =>
    root.render(
      <StrictMode>
        <App apollo={apollo} />
      </StrictMode>,
    ),
  );
});
