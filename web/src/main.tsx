import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { createStudioApollo } from './app/apollo';
import { preloadFirstPage } from './app/AppRoutes';

const apollo = createStudioApollo();
preloadFirstPage(apollo.client);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App apollo={apollo} />
  </StrictMode>,
);
