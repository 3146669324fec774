import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useId,
  useLayoutEffect,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import { Loading } from './LoadStates.tsx';

/** A section's readiness, or null once it has left. */
type Report = (id: string, ready: boolean | null) => void;

const Together = createContext<Report | null>(null);

/** How long the sections wait for the slowest of them before showing what they have. */
const PATIENCE_MS = 2_000;

/**
 * Sections that load their own data, shown together once each has its first answer (one loading
 * state until then), so that a section answering first is not pushed down in view by those above it
 * answering later. Each section says when it is ready with `useLoadedTogether`; a section outside
 * any `LoadTogether` shows as soon as it likes. After two seconds what has arrived shows anyway.
 */
export function LoadTogether({
  what,
  children,
}: {
  /** Used in "Loading {what}…". */
  what: string;
  children: ReactNode;
}) {
  const sections = useRef(new Map<string, boolean>());
  const [shown, setShown] = useState(false);
  const [reports, setReports] = useState(0);
  const report = useCallback<Report>((id, ready) => {
    if (ready === null) sections.current.delete(id);
    else sections.current.set(id, ready);
    setReports((n) => n + 1);
  }, []);
  // Decided here, after the sections' own layout effects of the same commit (children's run first):
  // by then every section has said where it stands, not only the first to answer.
  useLayoutEffect(() => {
    const ready = [...sections.current.values()];
    if (!shown && ready.length > 0 && ready.every(Boolean)) setShown(true);
  }, [reports, shown]);
  useEffect(() => {
    if (shown) return;
    const timer = setTimeout(() => setShown(true), PATIENCE_MS);
    return () => clearTimeout(timer);
  }, [shown]);
  return (
    // Once shown, the sections are on their own: a later page or refresh does not hide them again.
    <Together.Provider value={shown ? null : report}>
      {!shown && <Loading what={what} />}
      <div className={shown ? 'contents' : 'hidden'}>{children}</div>
    </Together.Provider>
  );
}

/**
 * Tells the enclosing `LoadTogether` whether this section has what it shows first: its answer, or
 * no request under way (offline, it shows what the device has or why it has nothing).
 */
export function useLoadedTogether(ready: boolean): void {
  const report = useContext(Together);
  const id = useId();
  // Before the browser paints, so the sections are shown in the same frame as the last one's answer.
  useLayoutEffect(() => {
    if (!report) return;
    report(id, ready);
    return () => report(id, null);
  }, [report, id, ready]);
}

/** A query's readiness for `useLoadedTogether`: it has an answer, or is not fetching one. */
export const firstAnswerIn = (query: { isPending: boolean; fetchStatus: string }) =>
  !query.isPending || query.fetchStatus !== 'fetching';

/**
 * For a screen that reads its sections' data itself: says for it, inside its `LoadTogether`, whether
 * they are ready. With children, it is a Suspense fallback: the section whose code is on its way.
 */
export function ReadyWhen({ ready, children }: { ready: boolean; children?: ReactNode }) {
  useLoadedTogether(ready);
  return <>{children}</>;
}
