import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import type { SxProps, Theme } from '@mui/material/styles';
import { errorMessage } from '../app/errors';

/**
 * The error box shown when a query fails: the server's message (or `fallback`) and, when the caller can refetch,
 * a Retry button. One component so every list and page says it the same way.
 */
export function LoadErrorAlert({
  error,
  fallback,
  onRetry,
  size,
  sx,
}: {
  error: unknown;
  fallback: string;
  onRetry?: () => void;
  size?: 'small' | 'medium';
  sx?: SxProps<Theme>;
}) {
  return (
    <Alert
      severity="error"
      sx={sx}
      action={
        onRetry && (
          <Button color="inherit" size={size} onClick={onRetry}>
            Retry
          </Button>
        )
      }
    >
      {errorMessage(error, fallback)}
    </Alert>
  );
}
