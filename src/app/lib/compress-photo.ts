// Phone photos are 3–12 MB; the floor's Wi-Fi is poor. Each photo is shrunk in the browser to about
// 0.5 MB, long side ≤ 2048 px, in a web worker (lib/image-compression.ts). A photo the browser
// cannot decode (HEIC on Chrome) is kept as it is: the server then decides (it refuses HEIC parcel
// photos with a sentence saying why).
import { compressImage } from './image-compression.ts';

export const MAX_SIZE_MB = 0.5;
export const MAX_WIDTH_OR_HEIGHT = 2048;

export interface CompressedPhoto { blob: Blob; compressed: boolean }
export type Compressor = (file: File) => Promise<CompressedPhoto>;

export const compressPhoto: Compressor = async (file) => {
  try {
    const blob = await compressImage(file, { maxSizeMB: MAX_SIZE_MB, maxWidthOrHeight: MAX_WIDTH_OR_HEIGHT });
    // Already small: the library hands back the original; either way the smaller one is kept.
    return blob.size < file.size ? { blob, compressed: true } : { blob: file, compressed: false };
  } catch {
    return { blob: file, compressed: false };
  }
};
