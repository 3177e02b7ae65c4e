import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { StrictMode } from 'react';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '../../test/render.tsx';
import { createDedupe } from '../../lib/scanner/index.ts';
import { WEDGE_SETTINGS_KEY } from '../../lib/scanner/wedge-settings.ts';
import { ScanField } from './scan-field.tsx';

// A fake html5-qrcode that behaves like the real one where it matters: start and stop are
// asynchronous, one camera can be open at a time, and stop() throws when nothing runs.
const cam = vi.hoisted(() => ({
  instances: [] as { elementId: string; isScanning: boolean; emit: (text: string) => void }[],
  running: 0, starts: 0, stops: 0, errors: [] as string[], config: null as unknown,
}));

vi.mock('html5-qrcode', () => {
  class Html5Qrcode {
    isScanning = false;
    emit: (text: string) => void = () => {};
    constructor(readonly elementId: string, config: unknown) {
      cam.config = config;
      cam.instances.push(this);
    }
    async start(_camera: unknown, _config: unknown, onSuccess: (text: string) => void): Promise<null> {
      await new Promise((r) => setTimeout(r, 15));
      if (!document.getElementById(this.elementId)) cam.errors.push('element missing');
      if (cam.running > 0) {
        cam.errors.push('two streams');
        throw new Error('NotReadableError: Could not start video source');
      }
      cam.running += 1;
      cam.starts += 1;
      this.isScanning = true;
      this.emit = onSuccess;
      return null;
    }
    async stop(): Promise<void> {
      await new Promise((r) => setTimeout(r, 5));
      if (!this.isScanning) throw new Error('Cannot stop, scanner is not running or paused.');
      this.isScanning = false;
      cam.running -= 1;
      cam.stops += 1;
    }
    clear(): void {}
  }
  return { Html5Qrcode, Html5QrcodeSupportedFormats: { QR_CODE: 0, CODE_128: 5, EAN_13: 9 } };
});
vi.mock('barcode-detector/ponyfill', () => ({ BarcodeDetector: class {}, setZXingModuleOverrides: vi.fn() }));

beforeEach(async () => {
  // The previous test's screen was unmounted: its camera stops on the engine's queue.
  await waitFor(() => expect(cam.instances.every((i) => !i.isScanning)).toBe(true));
  cam.instances = [];
  Object.assign(cam, { running: 0, starts: 0, stops: 0, errors: [], config: null });
  // jsdom re-renders slowly between keys: a generous wedge gap, set the way a site would.
  localStorage.setItem(WEDGE_SETTINGS_KEY, JSON.stringify({ maxGapMs: 300, minLength: 4 }));
});
afterEach(() => localStorage.clear());

describe('ScanField', () => {
  it('a wedge burst and a hand-typed number each reach onScan once, with their source', async () => {
    const onScan = vi.fn();
    renderWithProviders(<ScanField onScan={onScan} />);
    const box = screen.getByTestId('scan-input');
    expect(box.getAttribute('inputmode')).toBe('none');
    await userEvent.type(box, 'yt0001{Enter}');
    expect(onScan).toHaveBeenCalledTimes(1);
    expect(onScan).toHaveBeenLastCalledWith('YT0001', 'wedge');
    expect((box as HTMLInputElement).value).toBe('');

    await userEvent.type(box, 'SF9876', { delay: 350 });
    await userEvent.type(box, '{Enter}', { skipClick: true });
    expect(onScan).toHaveBeenCalledTimes(2);
    expect(onScan).toHaveBeenLastCalledWith('SF9876', 'manual');
    // Too short for the configured minimum: not a scan.
    await userEvent.type(box, 'ab{Enter}');
    expect(onScan).toHaveBeenCalledTimes(2);
  });

  it('the same code within 2 s is ignored whatever it came from, and taken again after', async () => {
    let now = 1_000_000;
    const onScan = vi.fn();
    renderWithProviders(<ScanField onScan={onScan} dedupe={createDedupe({ now: () => now })} />);
    const box = screen.getByTestId('scan-input');
    await userEvent.type(box, 'YT5555{Enter}');
    now += 1_500;
    await userEvent.type(box, 'YT5555{Enter}');
    expect(onScan).toHaveBeenCalledTimes(1);
    expect(screen.getByTestId('scan-ignored').textContent).toContain('YT5555');
    now += 600;
    await userEvent.type(box, 'yt5555{Enter}');
    expect(onScan).toHaveBeenCalledTimes(2);
  });

  it('the soft keyboard comes up only on the 键盘 toggle', async () => {
    renderWithProviders(<ScanField onScan={() => {}} />);
    await userEvent.click(screen.getByTestId('scan-keyboard-toggle'));
    expect(screen.getByTestId('scan-input').getAttribute('inputmode')).toBe('text');
    await userEvent.click(screen.getByTestId('scan-keyboard-toggle'));
    expect(screen.getByTestId('scan-input').getAttribute('inputmode')).toBe('none');
  });

  it('under StrictMode the camera opens once, feeds onScan as camera, and is released when turned off', async () => {
    const onScan = vi.fn();
    renderWithProviders(<StrictMode><ScanField onScan={onScan} /></StrictMode>);
    await userEvent.click(screen.getByTestId('camera-toggle'));
    await waitFor(() => expect(screen.getByTestId('camera-view').getAttribute('data-state')).toBe('live'));
    // Mount → unmount → mount: one stream, never two at once, on the rear camera's element.
    expect(cam.running).toBe(1);
    expect(cam.errors).toEqual([]);
    expect(cam.config).toMatchObject({ formatsToSupport: [5, 9, 0], useBarCodeDetectorIfSupported: true });
    const live = cam.instances.find((i) => i.isScanning)!;
    live.emit('yt77889900');
    live.emit('YT77889900');
    await waitFor(() => expect(onScan).toHaveBeenCalledTimes(1));
    expect(onScan).toHaveBeenCalledWith('YT77889900', 'camera');

    await userEvent.click(screen.getByTestId('camera-toggle'));
    await waitFor(() => expect(cam.running).toBe(0));
    expect(screen.queryByTestId('camera-view')).toBeNull();
    expect(cam.errors).toEqual([]);
  });

  it('a hidden page (phone locked, another app) releases the camera; back in view it starts again', async () => {
    const setVisibility = (v: 'hidden' | 'visible') => {
      Object.defineProperty(document, 'visibilityState', { value: v, configurable: true });
      document.dispatchEvent(new Event('visibilitychange'));
    };
    try {
      renderWithProviders(<ScanField onScan={() => {}} cameraOn />);
      await waitFor(() => expect(cam.running).toBe(1));
      setVisibility('hidden');
      await waitFor(() => expect(cam.running).toBe(0));
      setVisibility('visible');
      await waitFor(() => expect(cam.running).toBe(1));
      expect(cam.starts).toBe(2);
      expect(cam.errors).toEqual([]);
    } finally {
      setVisibility('visible');
    }
  });

  it('leaving the screen (unmount) while the camera is still starting releases it once started', async () => {
    const { unmount } = renderWithProviders(<StrictMode><ScanField onScan={() => {}} cameraOn /></StrictMode>);
    await waitFor(() => expect(cam.instances.length).toBeGreaterThan(0));
    unmount();
    await waitFor(() => expect(cam.stops).toBe(cam.starts));
    await new Promise((r) => setTimeout(r, 60));
    expect(cam.running).toBe(0);
  });
});
