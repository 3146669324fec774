import { useCallback, useEffect, useId, useState } from 'react';
import { messageOf } from '../../api/http.ts';
import { readDeviceState, turnAlertsOff, turnAlertsOn, type DeviceState } from './pushDevice.ts';

type Problem = 'dismissed' | 'failed' | null;

/**
 * "Get alerts when CareMesh is closed": Web Push for this device. Permission is asked only when the
 * user turns it on, never on load. Says so when the browser blocked notifications or has no push.
 */
export function PushOptIn({ userId }: { userId: string }) {
  const [device, setDevice] = useState<DeviceState | null>(null);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<{ kind: Problem; message?: string }>({ kind: null });
  const labelId = useId();
  const hintId = useId();

  const refresh = useCallback(
    () =>
      readDeviceState(userId)
        .then(setDevice)
        .catch((error: unknown) => {
          console.warn('push: could not read this device’s subscription', error);
          setDevice({ availability: 'unsupported', installed: false, on: false });
        }),
    [userId],
  );

  useEffect(() => {
    void refresh();
  }, [refresh]);

  const toggle = async (on: boolean) => {
    setBusy(true);
    setProblem({ kind: null });
    try {
      if (on) {
        const permission = await turnAlertsOn(userId);
        if (permission === 'default') setProblem({ kind: 'dismissed' });
      } else {
        await turnAlertsOff();
      }
    } catch (error) {
      setProblem({ kind: 'failed', message: messageOf(error) });
    } finally {
      await refresh();
      setBusy(false);
    }
  };

  const unavailable = !device || device.availability !== 'available' || !device.installed;
  const hint = hintFor(device, problem.kind);
  return (
    <div className="flex flex-col gap-1">
      <div className="flex items-center justify-between gap-3">
        <label id={labelId} htmlFor={`${labelId}-switch`} className="text-sm font-medium">
          Get alerts when CareMesh is closed
        </label>
        <span className="flex items-center gap-2">
          {busy && <span className="loading loading-spinner loading-xs" aria-hidden="true" />}
          <input
            id={`${labelId}-switch`}
            type="checkbox"
            role="switch"
            className="toggle toggle-primary toggle-sm"
            checked={device?.on ?? false}
            disabled={unavailable || busy}
            aria-describedby={hintId}
            aria-busy={busy || undefined}
            onChange={(event) => void toggle(event.currentTarget.checked)}
          />
        </span>
      </div>
      <p id={hintId} className="text-xs text-base-content/70">
        {hint}
      </p>
      {problem.kind === 'failed' && (
        <p role="alert" className="text-xs text-error">
          Alerts could not be changed: {problem.message}
        </p>
      )}
    </div>
  );
}

function hintFor(device: DeviceState | null, problem: Problem): string {
  if (device?.availability === 'unsupported') {
    return 'This browser cannot show alerts while CareMesh is closed. On an iPhone or iPad, add CareMesh to the Home Screen first.';
  }
  if (device?.availability === 'blocked') {
    return 'Notifications are blocked for CareMesh in this browser. Allow them in the site settings (the icon beside the address), then turn this on.';
  }
  if (device && !device.installed)
    return 'CareMesh is still installing on this device. Reload the page, then turn this on.';
  if (problem === 'dismissed') return 'Alerts stay off: the browser did not get your permission.';
  if (device?.on) return 'Alerts arrive on this device even when CareMesh is closed.';
  return 'Your browser will ask for permission when you turn this on.';
}
