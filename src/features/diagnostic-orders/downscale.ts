/** The longest side a report photo keeps: enough to read a printed report, a fraction of a phone photo's size. */
export const PHOTO_MAX_SIDE = 1600;

/**
 * A phone photo (3–8 MB) made small on the device before it is queued: drawn on a canvas at most
 * PHOTO_MAX_SIDE pixels on its longest side and saved as JPEG. PDFs and small files pass unchanged.
 */
export async function downscalePhoto(file: File, maxSide = PHOTO_MAX_SIDE, quality = 0.82): Promise<File> {
  if (!file.type.startsWith('image/')) return file;
  const bitmap = await createImageBitmap(file).catch(() => null);
  if (!bitmap) return file;
  const scale = Math.min(1, maxSide / Math.max(bitmap.width, bitmap.height));
  if (scale === 1 && file.size < 1_000_000) {
    bitmap.close();
    return file;
  }
  const canvas = document.createElement('canvas');
  canvas.width = Math.round(bitmap.width * scale);
  canvas.height = Math.round(bitmap.height * scale);
  canvas.getContext('2d')?.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
  bitmap.close();
  const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/jpeg', quality));
  if (!blob || blob.size >= file.size) return file;
  return new File([blob], file.name.replace(/\.[^.]*$/, '') + '.jpg', { type: 'image/jpeg' });
}
