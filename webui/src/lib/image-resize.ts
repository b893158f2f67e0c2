/**
 * Browser-side downscaling for profile pictures and cover images.
 *
 * Why: PUT /user/profile runs in a Lambda behind API Gateway. A synchronous Lambda invocation
 * accepts at most 6 MB of event payload, and the HTTP API base64-encodes binary bodies in that
 * event (4/3 larger), so a multipart body above roughly 4.4 MB is refused with 413 before our
 * code runs. Two phone photos just under the 5 MB rule would be about three times that. A
 * 1024 px avatar or 1920 px cover re-encoded as JPEG at quality 0.85 is typically 0.1 to 1 MB,
 * so both together stay well under the limit.
 */
export const AVATAR_MAX_PX = 1024;
export const COVER_MAX_PX = 1920;
const JPEG_QUALITY = 0.85;
/** Small images already inside the size box are sent untouched (no needless re-encoding). */
const KEEP_AS_IS_BYTES = 512 * 1024;

/** Returns a JPEG no larger than maxPx on its longest side, or the file itself when it can. */
export async function downscaleImage(file: File, maxPx: number): Promise<File> {
  if (typeof createImageBitmap !== 'function') return file;
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file);
  } catch {
    return file; // not decodable here; the server's checks still apply
  }
  const scale = Math.min(1, maxPx / Math.max(bitmap.width, bitmap.height));
  if (scale === 1 && file.size <= KEEP_AS_IS_BYTES) {
    bitmap.close();
    return file;
  }
  const canvas = document.createElement('canvas');
  canvas.width = Math.max(1, Math.round(bitmap.width * scale));
  canvas.height = Math.max(1, Math.round(bitmap.height * scale));
  const context = canvas.getContext('2d');
  if (!context) {
    bitmap.close();
    return file;
  }
  context.fillStyle = '#ffffff'; // JPEG has no alpha: transparent PNG areas become white
  context.fillRect(0, 0, canvas.width, canvas.height);
  context.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
  bitmap.close();
  const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/jpeg', JPEG_QUALITY));
  if (!blob) return file;
  const name = `${file.name.replace(/\.[^.]+$/, '') || 'image'}.jpg`;
  return new File([blob], name, { type: 'image/jpeg' });
}
