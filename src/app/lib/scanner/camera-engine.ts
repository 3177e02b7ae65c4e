// The camera half of the scanner: html5-qrcode reading Code 128, EAN-13 and QR from the rear camera,
// with the Barcode Detection API where the browser has it and otherwise the barcode-detector
// polyfill (ZXing compiled to wasm). The wasm is served by us (an asset of this build, precached by
// the service worker), never fetched from a CDN: the polyfill's default locateFile points at
// jsDelivr, so it is overridden before the first read.
//
// This module is heavy (html5-qrcode bundles zxing-js) and is only ever imported dynamically, by the
// lazy camera view: the floor routes' first load does not carry it.
//
// Start and stop are asynchronous and a camera can only be opened once: every session's steps run
// one after another on one queue, so React StrictMode's mount → unmount → mount (or a quick route
// change) never opens two streams or stops one that is still starting. A session stopped before its
// start ran never touches the camera.
import { Html5Qrcode, Html5QrcodeSupportedFormats } from 'html5-qrcode';
import { BarcodeDetector, setZXingModuleOverrides } from 'barcode-detector/ponyfill';
import zxingWasmUrl from 'zxing-wasm/reader/zxing_reader.wasm?url';

export const CAMERA_FORMATS = [Html5QrcodeSupportedFormats.CODE_128, Html5QrcodeSupportedFormats.EAN_13, Html5QrcodeSupportedFormats.QR_CODE];

let detectorReady = false;

/** Points the polyfill's wasm at our own copy and installs it where the browser has no detector. */
export function installBarcodeDetector(): void {
  if (detectorReady) return;
  detectorReady = true;
  const wasm = new URL(zxingWasmUrl, globalThis.location?.href ?? 'http://localhost/').href;
  setZXingModuleOverrides({ locateFile: (file: string, prefix: string) => (file.endsWith('.wasm') ? wasm : prefix + file) });
  const g = globalThis as { BarcodeDetector?: unknown };
  if (g.BarcodeDetector === undefined) g.BarcodeDetector = BarcodeDetector;
}

/** A wide, short box: 1D codes are long and thin; QR codes fit in it too. */
export function wideBox(width: number, height: number): { width: number; height: number } {
  const w = Math.max(120, Math.floor(width * 0.9));
  return { width: w, height: Math.max(80, Math.floor(Math.min(height * 0.6, w * 0.5))) };
}

export function cameraErrorMessage(err: unknown): string {
  const text = typeof err === 'string' ? err : err instanceof Error ? `${err.name} ${err.message}` : String(err);
  if (/NotAllowed|Permission/i.test(text)) return '摄像头权限被拒绝，请在浏览器设置中允许本站使用摄像头';
  if (/NotFound|Requested device not found|no camera/i.test(text)) return '没有找到可用的摄像头';
  if (/NotReadable|TrackStart|Could not start/i.test(text)) return '摄像头被其他应用占用，请关闭后重试';
  if (/secure|https|getUserMedia/i.test(text)) return '摄像头只能在 HTTPS 或本机地址下使用';
  return '摄像头启动失败，请重试或改用扫码枪';
}

let queue: Promise<void> = Promise.resolve();
function enqueue(step: () => Promise<void>): Promise<void> {
  const run = queue.then(step);
  queue = run.catch(() => {});
  return run;
}

export interface CameraOptions {
  /** The id of an empty element the video is shown in. */
  elementId: string;
  onDecode: (text: string) => void;
  onError?: (message: string) => void;
  onStarted?: () => void;
  fps?: number;
}

export interface CameraSession {
  /** Stops scanning and releases the stream (the camera light goes off). */
  stop: () => Promise<void>;
}

export function startCamera({ elementId, onDecode, onError, onStarted, fps = 10 }: CameraOptions): CameraSession {
  let scanner: Html5Qrcode | null = null;
  let stopped = false;
  void enqueue(async () => {
    if (stopped) return;
    installBarcodeDetector();
    const s = new Html5Qrcode(elementId, { formatsToSupport: CAMERA_FORMATS, useBarCodeDetectorIfSupported: true, verbose: false });
    scanner = s;
    try {
      await s.start({ facingMode: 'environment' }, { fps, qrbox: wideBox, disableFlip: true }, (text) => {
        if (!stopped) onDecode(text);
      }, () => {});
      if (!stopped) onStarted?.();
    } catch (err) {
      scanner = null;
      try { s.clear(); } catch { /* nothing was shown */ }
      if (!stopped) onError?.(cameraErrorMessage(err));
    }
  });
  return {
    stop() {
      stopped = true;
      return enqueue(async () => {
        const s = scanner;
        scanner = null;
        if (!s) return;
        try {
          if (s.isScanning) await s.stop();
        } catch {
          // Already stopped by the browser (tab hidden, device unplugged).
        }
        try { s.clear(); } catch { /* the element is gone with its route */ }
      });
    },
  };
}
