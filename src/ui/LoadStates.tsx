import type { ReactNode } from 'react';
import { isNoAnswer, messageOf } from '../api/http.ts';
import { Button } from './Button.tsx';

/** "Loading appointments…" with a spinner, announced politely; `inline` is the small one inside a card. */
export function Loading({ what, inline = false }: { what: string; inline?: boolean }) {
  if (inline) {
    return (
      <p role="status" className="flex items-center gap-2 text-sm text-base-content/70">
        <span className="loading loading-spinner loading-sm" aria-hidden="true" /> Loading {what}…
      </p>
    );
  }
  return (
    <div role="status" className="flex items-center gap-2 py-8 text-base-content/70">
      <span className="loading loading-spinner loading-md" aria-hidden="true" /> Loading {what}…
    </div>
  );
}

/** What a screen says when its data is neither on the device nor reachable. */
export const NOT_AVAILABLE_OFFLINE = 'Not available offline yet: open this page once while online';

/**
 * Why something did not load (the server's words) and the one thing to do about it: try again.
 * Without a server to ask, this is data never seen on this device (what was seen shows from the
 * device instead, marked offline), and it says so.
 */
export function LoadError({ what, error, retry }: { what: string; error: unknown; retry: () => void }) {
  return (
    <div role="alert" className="alert alert-error alert-soft flex flex-wrap justify-between">
      <span>
        {isNoAnswer(error) ? `${NOT_AVAILABLE_OFFLINE} (${what}).` : `Could not load ${what}: ${messageOf(error)}`}
      </span>
      <Button size="sm" variant="danger" buttonStyle="outline" onClick={retry}>
        Try again
      </Button>
    </div>
  );
}

/** A list with nothing in it: what is missing, then (as `children`) how something gets there. */
export function EmptyState({ title, children }: { title: ReactNode; children?: ReactNode }) {
  return (
    <div role="status" className="rounded-box border border-dashed border-base-300 p-8 text-center">
      <p className="font-medium">{title}</p>
      {children && <div className="text-sm text-base-content/70">{children}</div>}
    </div>
  );
}
