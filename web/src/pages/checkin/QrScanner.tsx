import NoPhotographyOutlined from '@mui/icons-material/NoPhotographyOutlined';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { useEffect, useEffectEvent, useRef, useState } from 'react';

type CameraState = { kind: 'starting' } | { kind: 'scanning' } | { kind: 'unavailable'; message: string };

/** Words for what went wrong with the camera, from the getUserMedia error. */
export function cameraProblem(error: unknown): string {
  const name = error && typeof error === 'object' && 'name' in error ? String((error as { name: unknown }).name) : '';
  if (name === 'NotAllowedError' || name === 'SecurityError')
    return 'Camera access is blocked on this device. Allow the camera for this page, or check in with your PIN.';
  if (name === 'NotFoundError' || name === 'OverconstrainedError')
    return 'No camera was found on this device. Please check in with your PIN.';
  if (name === 'NotReadableError') return 'The camera is in use by another app. Please check in with your PIN.';
  return 'The camera could not be started. Please check in with your PIN.';
}

const SCAN_EVERY_MS = 200;

/**
 * Shows the camera and decodes QR codes from its frames with jsQR (loaded on first use). Calls `onCode` once per
 * distinct code; stops the camera when unmounted.
 */
export function QrScanner({ onCode, paused = false }: { onCode: (code: string) => void; paused?: boolean }) {
  const video = useRef<HTMLVideoElement>(null);
  const [state, setState] = useState<CameraState>({ kind: 'starting' });
  // The scan loop runs for the component's life and reads the latest props through these.
  const isPaused = useEffectEvent(() => paused);
  const codeFound = useEffectEvent((code: string) => onCode(code));

  useEffect(() => {
    let stream: MediaStream | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;
    let last = '';
    const canvas = document.createElement('canvas');

    const start = async () => {
      if (!navigator.mediaDevices?.getUserMedia) {
        setState({ kind: 'unavailable', message: 'This device has no camera available to the browser. Please check in with your PIN.' });
        return;
      }
      try {
        const [media, { default: jsQR }] = await Promise.all([
          navigator.mediaDevices.getUserMedia({
            video: { facingMode: 'user', width: { ideal: 1280 }, height: { ideal: 720 } },
            audio: false,
          }),
          import('jsqr'),
        ]);
        stream = media;
        if (stopped) {
          media.getTracks().forEach((t) => t.stop());
          return;
        }
        const el = video.current;
        if (!el) return;
        el.srcObject = media;
        await el.play().catch(() => undefined);
        setState({ kind: 'scanning' });
        const context = canvas.getContext('2d', { willReadFrequently: true });
        const scan = () => {
          if (stopped) return;
          if (!isPaused() && context && el.readyState >= 2 && el.videoWidth > 0) {
            // Decode a downscaled frame: plenty for a phone screen held up to the camera, and quick.
            const scale = Math.min(1, 640 / el.videoWidth);
            canvas.width = Math.round(el.videoWidth * scale);
            canvas.height = Math.round(el.videoHeight * scale);
            context.drawImage(el, 0, 0, canvas.width, canvas.height);
            const frame = context.getImageData(0, 0, canvas.width, canvas.height);
            const found = jsQR(frame.data, frame.width, frame.height, { inversionAttempts: 'attemptBoth' });
            if (found?.data && found.data !== last) {
              last = found.data;
              codeFound(found.data);
            }
          }
          timer = setTimeout(scan, SCAN_EVERY_MS);
        };
        scan();
      } catch (error) {
        if (!stopped) setState({ kind: 'unavailable', message: cameraProblem(error) });
      }
    };
    void start();
    return () => {
      stopped = true;
      clearTimeout(timer);
      stream?.getTracks().forEach((t) => t.stop());
    };
  }, []);

  if (state.kind === 'unavailable') {
    return (
      <Box
        role="alert"
        sx={{ textAlign: 'center', py: 5, px: 3, borderRadius: '20px', border: 1, borderColor: 'divider', bgcolor: 'background.paper' }}
      >
        <NoPhotographyOutlined sx={{ fontSize: 48, color: 'text.secondary', mb: 1 }} />
        <Typography sx={{ fontWeight: 'fontWeightBold', fontSize: 18 }}>Camera not available</Typography>
        <Typography color="text.secondary" sx={{ mt: 0.5 }}>
          {state.message}
        </Typography>
      </Box>
    );
  }

  return (
    <Box
      sx={{ position: 'relative', borderRadius: '24px', overflow: 'hidden', bgcolor: 'text.primary', aspectRatio: '4 / 3', width: '100%' }}
    >
      <Box
        component="video"
        ref={video}
        muted
        playsInline
        aria-label="Camera preview"
        sx={{ width: '100%', height: '100%', objectFit: 'cover', transform: 'scaleX(-1)', display: 'block' }}
      />
      {/* The target square to hold the code in. */}
      <Box
        aria-hidden
        sx={{
          position: 'absolute',
          inset: '50% auto auto 50%',
          width: '56%',
          aspectRatio: '1',
          transform: 'translate(-50%, -50%)',
          border: '4px solid rgba(255,255,255,0.9)',
          borderRadius: '24px',
          boxShadow: '0 0 0 100vmax rgba(31, 27, 45, 0.35)',
        }}
      />
      {state.kind === 'starting' && (
        <Box sx={{ position: 'absolute', inset: 0, display: 'grid', placeItems: 'center', color: 'common.white' }}>
          <Box sx={{ textAlign: 'center' }}>
            <CircularProgress color="inherit" aria-label="Starting the camera" />
            <Typography sx={{ mt: 1.5, fontWeight: 'fontWeightSemiBold' }}>Starting the camera…</Typography>
          </Box>
        </Box>
      )}
    </Box>
  );
}
