import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { createStudioApollo } from './app/apollo';

const apollo = createStudioApollo();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App apollo={apollo} />
  </StrictMode>,
);
