import { ApolloProvider, useQuery } from '@apollo/client/react';
import CssBaseline from '@mui/material/CssBaseline';
// The system provider without the CSS-variables machinery the material one bundles (the theme has no colorSchemes).
import { ThemeProvider } from '@mui/system';
import { useMemo, type ReactNode } from 'react';
import { BrowserRouter } from 'react-router-dom';
import type { StudioApollo } from './apollo';
import { AppRoutes } from './AppRoutes';
import { AuthProvider } from './session';
import { StudioThemeDocument } from './theme.generated';
import { createStudioTheme, DEFAULT_PRIMARY, DEFAULT_SECONDARY } from './theme';
import { ToastProvider, Toaster } from './toast';

/** MUI themed from the landing page colours (defaults until the configuration arrives). */
export function StudioThemeProvider({ children }: { children: ReactNode }) {
  const { data } = useQuery(StudioThemeDocument);
  const primary = data?.landingPageConfig.primaryColor ?? DEFAULT_PRIMARY;
  const secondary = data?.landingPageConfig.secondaryColor ?? DEFAULT_SECONDARY;
  const theme = useMemo(() => createStudioTheme(primary, secondary), [primary, secondary]);
  return (
    <ThemeProvider theme={theme}>
      <CssBaseline />
      <div style={{ display: 'contents', ['--toast-accent' as string]: theme.palette.primary.main }}>{children}</div>
    </ThemeProvider>
  );
}

export function App({ apollo }: { apollo: StudioApollo }) {
  return (
    <ApolloProvider client={apollo.client}>
      <StudioThemeProvider>
        <ToastProvider>
          <BrowserRouter>
            <AuthProvider apollo={apollo}>
              <AppRoutes />
            </AuthProvider>
          </BrowserRouter>
          <Toaster />
        </ToastProvider>
      </StudioThemeProvider>
    </ApolloProvider>
  );
}
