import { useQuery } from '@apollo/client/react';
import Box from '@mui/material/Box';
import { TestModeBannerDocument } from './testModeBanner.generated';

export const TEST_MODE_TEXT = 'Test mode — no card is charged';

/**
 * A strip at the top of every page while checkout uses the built-in test provider, so nobody mistakes the studio's
 * test checkout for a real payment. The answer comes with the page (the FirstLoad query), so it shows at once.
 */
export function TestModeBanner() {
  const { data } = useQuery(TestModeBannerDocument);
  if (!data?.paymentsTestMode) return null;
  return (
    <Box
      role="status"
      data-testid="test-mode-banner"
      sx={{ bgcolor: '#fef3c7', color: '#78350f', textAlign: 'center', fontSize: '0.875rem', fontWeight: 600, px: 2, py: 0.5 }}
    >
      {TEST_MODE_TEXT}: payments use the studio’s built-in test checkout.
    </Box>
  );
}
