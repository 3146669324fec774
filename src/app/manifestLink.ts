/** The meta element naming the manifest (scripts/vite-manifest.ts). */
const MANIFEST_META = 'caremesh-manifest';

/**
 * Links the web app manifest the page names (scripts/vite-manifest.ts), once: called when the service
 * worker is registered, after the first screen. In development the page links it itself.
 */
export function linkManifest(doc: Document = document): void {
  const meta = doc.querySelector<HTMLMetaElement>(`meta[name="${MANIFEST_META}"]`);
  if (!meta?.content || doc.querySelector('link[rel="manifest"]')) return;
  const link = doc.createElement('link');
  link.rel = 'manifest';
  link.href = meta.content;
  doc.head.append(link);
}
