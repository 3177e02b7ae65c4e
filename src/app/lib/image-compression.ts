// browser-image-compression in a web worker whose script is our own copy of the library (an asset of
// this build, precached by the service worker): left alone, the library loads it from jsDelivr,
// which the console's Content-Security-Policy refuses (decision 0019) and the floor may not reach.
// Both are loaded only when a photo is compressed.
export async function compressImage(file: File, options: { maxSizeMB: number; maxWidthOrHeight: number }): Promise<Blob> {
  const [{ default: imageCompression }, { default: libPath }] = await Promise.all([
    import('browser-image-compression'),
    import('browser-image-compression/dist/browser-image-compression.js?url'),
  ]);
  const libURL = new URL(libPath, globalThis.location?.href ?? 'http://localhost/').href;
  return imageCompression(file, { ...options, useWebWorker: true, libURL });
}
