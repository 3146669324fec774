import { useEffect } from 'react';

const BRAND = 'CareMesh';

/** Sets the document title to "<title> · CareMesh", or just the brand when no title is given. */
export function usePageTitle(title?: string) {
  useEffect(() => {
    document.title = title ? `${title} · ${BRAND}` : BRAND;
  }, [title]);
}
