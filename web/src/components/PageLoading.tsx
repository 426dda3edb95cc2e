import Box from '@mui/material/Box';

/** Shown while a page loads ('Loading...'). A CSS spinner keeps this out of the bundle's weight. */
export function PageLoading() {
  return (
    <Box
      role="status"
      aria-live="polite"
      sx={{ display: 'flex', alignItems: 'center', justifyContent: 'center', gap: 1.5, py: 12, color: 'text.secondary' }}
    >
      <Box
        aria-hidden
        sx={{
          width: 18,
          height: 18,
          borderRadius: '50%',
          border: '2.5px solid',
          borderColor: 'primary.main',
          borderRightColor: 'transparent',
          animation: 'studio-spin 0.8s linear infinite',
          '@keyframes studio-spin': { to: { transform: 'rotate(360deg)' } },
        }}
      />
      <span>Loading...</span>
    </Box>
  );
}
