import Box from '@mui/material/Box';
import { useEffect, useRef, useState } from 'react';

/** The current time, ticking every `intervalMs` while `active`. */
export function useNow(intervalMs = 1000, active = true): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!active) return;
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs, active]);
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

/** A live countdown to `until`; calls `onExpire` once when it reaches zero. */
export function HoldCountdown({
  until,
  onExpire,
  prefix = 'Held for',
}: {
  until: string | null | undefined;
  onExpire?: () => void;
  prefix?: string;
}) {
  const end = until ? new Date(until).getTime() : NaN;
  const now = useNow(1000, Number.isFinite(end));
  const left = end - now;
  const fired = useRef(false);
  useEffect(() => {
    if (Number.isFinite(end) && left <= 0 && !fired.current) {
      fired.current = true;
      onExpire?.();
    }
  }, [end, left, onExpire]);
  if (!Number.isFinite(end)) return null;
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
