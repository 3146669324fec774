import { Button } from './Button.tsx';
import { useInstallOffer } from './install.ts';

/** Once, after a first booking, when the browser can install: a polite offer, easy to decline. */
export function InstallOffer() {
  const offer = useInstallOffer();
  if (!offer.show) return null;
  return (
    <aside
      aria-label="Install CareMesh"
      className="alert alert-info alert-soft flex flex-col items-start gap-2 sm:flex-row sm:items-center"
    >
      <p className="flex-1 text-sm">
        Install CareMesh on this device: open your appointments from the home screen, even without a connection.
      </p>
      <div className="flex gap-2">
        <Button size="sm" onClick={() => void offer.accept()}>
          Install CareMesh
        </Button>
        <Button size="sm" buttonStyle="ghost" onClick={offer.decline}>
          Not now
        </Button>
      </div>
    </aside>
  );
}
