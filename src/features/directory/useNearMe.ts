import { useState } from 'react';

export type NearMeState = { status: 'idle' | 'locating' | 'denied' | 'unavailable' };

/** The browser's position, asked for only when the user presses "Near me". */
export function useNearMe(onFound: (latitude: number, longitude: number) => void) {
  const [state, setState] = useState<NearMeState>({ status: 'idle' });
  const locate = () => {
    if (!('geolocation' in navigator)) {
      setState({ status: 'unavailable' });
      return;
    }
    setState({ status: 'locating' });
    navigator.geolocation.getCurrentPosition(
      (position) => {
        setState({ status: 'idle' });
        onFound(Number(position.coords.latitude.toFixed(5)), Number(position.coords.longitude.toFixed(5)));
      },
      (error) => setState({ status: error.code === error.PERMISSION_DENIED ? 'denied' : 'unavailable' }),
      { enableHighAccuracy: false, timeout: 15_000, maximumAge: 5 * 60_000 },
    );
  };
  return { ...state, locate };
}
