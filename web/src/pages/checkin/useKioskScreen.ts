import { useQuery } from '@apollo/client/react';
import { useCallback, useEffect, useState } from 'react';
import { KioskScreenDocument, type KioskScreenQuery } from './checkin.generated';

/** Where this screen keeps its kiosk device token (set up by staff; kept when anyone signs out). */
export const KIOSK_SCREEN_KEY = 'kioskScreen';

function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

export interface KioskScreenState {
  /** The device token, once the server confirmed this screen is set up as the kiosk; null otherwise. */
  deviceToken: string | null;
  info: NonNullable<KioskScreenQuery['kioskScreen']> | null;
  remember: (deviceToken: string) => void;
  forget: () => void;
}

/**
 * Whether this screen is the studio's kiosk (where names can be found): a device token staff left here, checked with
 * the server when the kiosk opens. A token the server no longer accepts is forgotten.
 */
export function useKioskScreen(): KioskScreenState {
  const [stored, setStored] = useState<string | null>(() => storage()?.getItem(KIOSK_SCREEN_KEY) ?? null);
  const { data } = useQuery(KioskScreenDocument, {
    variables: { deviceToken: stored ?? '' },
    skip: !stored,
    fetchPolicy: 'network-only',
  });
  const info = stored ? (data?.kioskScreen ?? null) : null;

  const forget = useCallback(() => {
    storage()?.removeItem(KIOSK_SCREEN_KEY);
    setStored(null);
  }, []);
  const remember = useCallback((deviceToken: string) => {
    storage()?.setItem(KIOSK_SCREEN_KEY, deviceToken);
    setStored(deviceToken);
  }, []);

  // A token the server no longer accepts is dropped from storage (this render already treats it as gone).
  const ended = Boolean(stored && data && data.kioskScreen === null);
  useEffect(() => {
    if (ended) storage()?.removeItem(KIOSK_SCREEN_KEY);
  }, [ended]);

  return { deviceToken: info ? stored : null, info, remember, forget };
}
