import Box from '@mui/material/Box';
import { useEffect, useRef, useState } from 'react';

/** The current time: read when the component mounts, then every `intervalMs`. */
export function useNow(intervalMs = 1000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return now;
}

/** "14:05" for minutes and seconds left, "2 h 05 min" for longer holds (waitlist offers), "0:00" when over. */
export function formatRemaining(ms: number): string {
  const total = Math.max(0, Math.ceil(ms / 1000));
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = total % 60;
  if (hours > 0) return `${hours} h ${String(minutes).padStart(2, '0')} min`;
  return `${minutes}:${String(seconds).padStart(2, '0')}`;
}

interface CountdownProps {
  onExpire?: () => void;
  prefix?: string;
}

/** A live countdown to `until`; calls `onExpire` once when it reaches zero. */
export function HoldCountdown({ until, ...props }: CountdownProps & { until: string | null | undefined }) {
  const end = until ? new Date(until).getTime() : NaN;
  // The clock starts (and reads the time) when there is an end to count down to.
  return Number.isFinite(end) ? <Countdown end={end} {...props} /> : null;
}

function Countdown({ end, onExpire, prefix = 'Held for' }: CountdownProps & { end: number }) {
  const now = useNow(1000);
  const left = end - now;
  const fired = useRef(false);
  useEffect(() => {
    if (left <= 0 && !fired.current) {
      fired.current = true;
      onExpire?.();
    }
  }, [left, onExpire]);
  const expired = left <= 0;
  return (
    <Box
      component="span"
      role="timer"
      aria-live="off"
      sx={{
        fontVariantNumeric: 'tabular-nums',
        fontWeight: 'fontWeightBold',
        color: expired ? 'text.secondary' : left < 120_000 ? 'error.main' : 'warning.main',
        whiteSpace: 'nowrap',
      }}
    >
      {expired ? 'Hold expired' : `${prefix} ${formatRemaining(left)}`}
    </Box>
  );
}
