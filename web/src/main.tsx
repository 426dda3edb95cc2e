import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { createStudioApollo } from './app/apollo';
import { preloadFirstPage } from './app/AppRoutes';
import { hydrateFirstLoad } from './app/firstLoad';
import { nextTask } from './app/nextTask';

/**
 * The start, in steps that each run as a task of their own after the entry's code has been evaluated (itself one long
 * task): the client and the data the page carries, then the first page's code and preload, then the render.
 */
async function start() {
  await nextTask();
  const apollo = createStudioApollo();
  hydrateFirstLoad(apollo.client);
  await nextTask();
  // The first page's code downloads beside this entry: waiting for it lets the first frame show the page itself.
  await preloadFirstPage(apollo.client);
  await nextTask();
  // The render is a transition, so React works in slices and the main thread stays responsive while the page mounts.
  const root = createRoot(document.getElementById('root')!);
  startTransition(() =>
    root.render(
      <StrictMode>
        <App apollo={apollo} />
      </StrictMode>,
    ),
  );
}

void start();
