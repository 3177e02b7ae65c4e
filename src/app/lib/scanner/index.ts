// Scanner kit shared by the desktop sign-in station and the floor app: wedge detection, the scan box,
// repeat suppression and verdict feedback. Nothing here renders a screen.
export { createWedgeDetector, normalizeCode, DEFAULT_MAX_GAP_MS, DEFAULT_MIN_LENGTH } from './wedge-detector.ts';
export type { ScanRead, ScanSource, WedgeDetector, WedgeOptions } from './wedge-detector.ts';
export { createDedupe, DEFAULT_DEDUPE_MS } from './dedupe.ts';
export { createInView, LEAVE_VIEW_MS } from './in-view.ts';
export type { InView } from './in-view.ts';
export type { Dedupe } from './dedupe.ts';
export { useScanInput } from './use-scan-input.ts';
export type { ScanInput, ScanInputProps, UseScanInputOptions } from './use-scan-input.ts';
export { scanFeedback, playTones, vibrate, primeFeedback } from './feedback.ts';
export type { ScanFeedback } from './feedback.ts';
export { readWedgeSettings, saveWedgeSettings, DEFAULT_WEDGE_SETTINGS, WEDGE_SETTINGS_KEY } from './wedge-settings.ts';
export type { WedgeSettings } from './wedge-settings.ts';
// The camera engine (camera-engine.ts) is deliberately not re-exported: it is heavy and only ever
// loaded dynamically, by components/scanner/camera-view.tsx.
