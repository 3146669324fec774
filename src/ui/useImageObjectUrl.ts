import { useEffect, useState } from 'react';
import { messageOf } from '../api/http.ts';
import { fetchBlob } from '../api/upload.ts';

/** The bytes of a protected image as an object URL (an <img src> cannot send the bearer token). */
export function useImageObjectUrl(imageUrl: string) {
  const [state, setState] = useState<{ for: string; url?: string; error?: string }>({ for: imageUrl });
  useEffect(() => {
    const controller = new AbortController();
    let objectUrl: string | undefined;
    fetchBlob(imageUrl, controller.signal).then(
      (blob) => {
        objectUrl = URL.createObjectURL(blob);
        setState({ for: imageUrl, url: objectUrl });
      },
      (error: unknown) => {
        if (!controller.signal.aborted) setState({ for: imageUrl, error: messageOf(error) });
      },
    );
    return () => {
      controller.abort();
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [imageUrl]);
  return state.for === imageUrl ? state : { for: imageUrl };
}
