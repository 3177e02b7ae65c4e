// The packing photo as base64 for UploadPackedBase64Img. JSON bodies are capped at 2 MB, so a photo
// over 1 MB is first shrunk with browser-image-compression (loaded only when needed).
import { compressImage } from '../../lib/image-compression.ts';

export const PHOTO_TARGET_BYTES = 1024 * 1024;

function readAsDataUrl(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('read failed'));
    reader.readAsDataURL(file);
  });
}

export async function photoToBase64(file: File): Promise<string> {
  let blob: Blob = file;
  if (file.size > PHOTO_TARGET_BYTES) {
    blob = await compressImage(file, { maxSizeMB: 1, maxWidthOrHeight: 1920 });
  }
  return readAsDataUrl(blob);
}
