import { useEffect, useState } from 'react';

/** Form state kept in localStorage under a key, so a reload (or a dropped connection) loses nothing. */
export function useDraft<T extends object>(key: string, initial: T) {
  const [value, setValue] = useState<T>(() => {
    try {
      const stored = localStorage.getItem(key);
      return stored ? { ...initial, ...(JSON.parse(stored) as Partial<T>) } : initial;
    } catch {
      return initial;
    }
  });
  useEffect(() => {
    localStorage.setItem(key, JSON.stringify(value));
  }, [key, value]);
  const clear = () => localStorage.removeItem(key);
  return [value, setValue, clear] as const;
}
