import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormHelperText from '@mui/material/FormHelperText';
import Typography from '@mui/material/Typography';
import { useRef, type PointerEvent } from 'react';

/** The pad's drawing surface in pixels (3:1); it is shown at the width available and kept small as a PNG. */
const PAD_WIDTH = 600;
const PAD_HEIGHT = 200;

/**
 * An optional drawn signature: a small canvas pad for a finger, pen or mouse. After each stroke it reports the
 * drawing as a PNG data URL (null once cleared); the form checks its size with the shared rule.
 */
export function SignaturePad({
  value,
  onChange,
  error,
  disabled,
}: {
  value: string | null;
  onChange: (drawing: string | null) => void;
  error?: string;
  disabled?: boolean;
}) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const drawing = useRef(false);

  const pointAt = (e: PointerEvent<HTMLCanvasElement>) => {
    const box = e.currentTarget.getBoundingClientRect();
    return { x: ((e.clientX - box.left) / box.width) * PAD_WIDTH, y: ((e.clientY - box.top) / box.height) * PAD_HEIGHT };
  };

  const start = (e: PointerEvent<HTMLCanvasElement>) => {
    const ctx = canvas.current?.getContext('2d');
    if (disabled || !ctx) return;
    e.currentTarget.setPointerCapture(e.pointerId);
    drawing.current = true;
    const { x, y } = pointAt(e);
    ctx.lineWidth = 3;
    ctx.lineCap = 'round';
    ctx.lineJoin = 'round';
    ctx.strokeStyle = '#1a1a6e';
    ctx.beginPath();
    ctx.moveTo(x, y);
    ctx.lineTo(x + 0.1, y + 0.1); // a tap leaves a dot
    ctx.stroke();
  };
  const move = (e: PointerEvent<HTMLCanvasElement>) => {
    const ctx = canvas.current?.getContext('2d');
    if (!drawing.current || !ctx) return;
    const { x, y } = pointAt(e);
    ctx.lineTo(x, y);
    ctx.stroke();
  };
  const end = () => {
    if (!drawing.current || !canvas.current) return;
    drawing.current = false;
    onChange(canvas.current.toDataURL('image/png'));
  };
  const clear = () => {
    canvas.current?.getContext('2d')?.clearRect(0, 0, PAD_WIDTH, PAD_HEIGHT);
    onChange(null);
  };

  return (
    <Box>
      <Box sx={{ display: 'flex', alignItems: 'baseline', justifyContent: 'space-between', gap: 1, mb: 0.75 }}>
        <Typography id="signature-pad-label" variant="body2" sx={{ fontWeight: 'fontWeightSemiBold' }}>
          Draw your signature (optional)
        </Typography>
        <Button size="small" onClick={clear} disabled={disabled || !value}>
          Clear
        </Button>
      </Box>
      <Box
        component="canvas"
        ref={canvas}
        width={PAD_WIDTH}
        height={PAD_HEIGHT}
        role="img"
        aria-labelledby="signature-pad-label"
        aria-describedby={error ? 'signature-pad-error' : undefined}
        data-testid="signature-pad"
        onPointerDown={start}
        onPointerMove={move}
        onPointerUp={end}
        onPointerCancel={end}
        sx={{
          display: 'block',
          width: '100%',
          maxWidth: PAD_WIDTH,
          aspectRatio: `${PAD_WIDTH} / ${PAD_HEIGHT}`,
          touchAction: 'none',
          cursor: disabled ? 'default' : 'crosshair',
          bgcolor: 'background.paper',
          border: '1px dashed',
          borderColor: error ? 'error.main' : 'divider',
          borderRadius: 2,
          backgroundImage: (t) =>
            `linear-gradient(to top, transparent 24%, ${t.palette.divider} 24%, ${t.palette.divider} calc(24% + 1px), transparent calc(24% + 1px))`,
        }}
      />
      {error && (
        <FormHelperText id="signature-pad-error" error>
          {error}
        </FormHelperText>
      )}
    </Box>
  );
}
