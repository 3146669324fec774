import { useSearchParams } from 'react-router-dom';

export const PAGE_SIZE = 10;

/** A list's page in its own search parameter, so two lists on one screen page apart. */
export function usePageParam(name: string) {
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get(name)) || 1);
  const setPage = (next: number) =>
    setParams(
      (p) => {
        const copy = new URLSearchParams(p);
        if (next <= 1) copy.delete(name);
        else copy.set(name, String(next));
        return copy;
      },
      { replace: true },
    );
  return [page, setPage] as const;
}
