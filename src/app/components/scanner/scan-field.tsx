// The one scanner of the floor screens (every scan box of the floor is this one, issue 45 §4): a
// keyboard-wedge scan box and, on a toggle, the phone's camera, both feeding one onScan(code, source),
// with this device's scanner settings (作业首页 → 扫码枪设置). A wedge burst is read wherever focus is
// (useScanInput), and the box takes focus back after every step. A code is trimmed and upper-cased;
// the same code again within the repeat window (2 s) is ignored whatever it came from, unless the
// screen keeps its own repeat window (dedupe={false}). On a scan screen the soft
// keyboard stays down (inputMode "none": a wedge scanner or the camera does the typing); the 键盘
// toggle brings it up to type a smudged number by hand.
import { useCallback, useImperativeHandle, useRef, useState, type CSSProperties, type ReactNode, type Ref, type RefObject } from 'react';
import { IconBarcode, IconCamera, IconCameraOff } from '@tabler/icons-react';
import { createDedupe, createInView, normalizeCode, primeFeedback, useScanInput, type Dedupe } from '../../lib/scanner/index.ts';
import { readWedgeSettings } from '../../lib/scanner/wedge-settings.ts';
import { useT } from '../../lib/i18n.ts';
import { CameraScanner } from './camera-scanner.tsx';
import { KeyboardToggle } from './keyboard-toggle.tsx';
import { KitButton, KitText, KitTextInput, kit } from '../kit/kit.tsx';

/** Where a code came from: the phone's camera, a keyboard-wedge scanner, or typed by a person. */
export type ScanOrigin = 'camera' | 'wedge' | 'manual';

export interface ScanFieldProps {
  onScan: (code: string, source: ScanOrigin) => void;
  label?: string;
  placeholder?: string;
  /** Off while, e.g., a photo is being taken: the box stops grabbing focus. */
  enabled?: boolean;
  /** Clicks inside it send focus back to the box (the whole screen). */
  containerRef?: RefObject<HTMLElement | null>;
  /** Shared with the caller, which may forget a code whose scan failed; false: the screen keeps its own. */
  dedupe?: Dedupe | false;
  /** Start with the camera on (e.g. a phone screen whose user chose it last time). */
  cameraOn?: boolean;
  /** Told when the camera is turned on or off (the screen then shows its verdict over the camera). */
  onCameraChange?: (on: boolean) => void;
  /** Shown over the camera's picture while it is on: the screen's verdict on the last scan (issue 45 §5). */
  cameraOverlay?: ReactNode;
  testId?: string;
  /** The box's id (a label elsewhere on the screen points at it). */
  id?: string;
  /** The box's and the camera button's size; a desktop station's box may be smaller. */
  size?: 'md' | 'lg' | 'xl';
  className?: string;
  /** Lets the screen put the focus back in the box (after a step that used another field). */
  ref?: Ref<ScanFieldHandle>;
}

export interface ScanFieldHandle {
  focus: () => void;
  /** A scan that was not recorded: its number goes back in the box, selected, so Enter retries and a new scan replaces it. */
  restore: (code: string) => void;
}

export function ScanField({
  onScan, label, placeholder, enabled = true, containerRef, dedupe: given, cameraOn = false, onCameraChange, cameraOverlay, testId = 'scan-input', id, size = 'xl',
  className, ref,
}: ScanFieldProps) {
  const t = useT();
  const [settings] = useState(readWedgeSettings);
  const dedupe = useRef<Dedupe | null>(given === false ? null : given ?? createDedupe());
  const [typing, setTyping] = useState(false);
  const [camera, setCamera] = useState(cameraOn);
  const [ignored, setIgnored] = useState<string | null>(null);
  // A label held in front of the camera is read many times a second: it counts once while it stays.
  const inView = useRef(createInView());

  const feed = useCallback((raw: string, source: ScanOrigin) => {
    const code = normalizeCode(raw);
    if (code.length < settings.minLength) return;
    if (dedupe.current?.isRepeat(code)) {
      setIgnored(code);
      return;
    }
    setIgnored(null);
    onScan(code, source);
  }, [onScan, settings.minLength]);

  const box = useScanInput({
    containerRef, enabled: enabled && !camera, maxGapMs: settings.maxGapMs, minLength: settings.minLength,
    onScan: (code, source) => {
      box.setValue('');
      primeFeedback();
      feed(code, source === 'scanner' ? 'wedge' : 'manual');
    },
  });

  const { focus, setValue, inputProps } = box;
  useImperativeHandle(ref, () => ({
    focus,
    restore: (code: string) => {
      setValue((current) => (current === '' ? code : current));
      requestAnimationFrame(() => inputProps.ref.current?.select());
    },
  }), [focus, setValue, inputProps.ref]);

  const toggleCamera = () => {
    // The tap is the user gesture browsers want before they play the verdict's tone later.
    primeFeedback();
    inView.current.reset();
    setCamera(!camera);
    onCameraChange?.(!camera);
  };

  const fromCamera = (text: string) => {
    // Still in view since it was last read: the same stay, not a new scan (no hint either: it is not a repeat by the picker).
    if (!inView.current.seen(normalizeCode(text))) return;
    feed(text, 'camera');
  };

  const toggleTyping = () => {
    setTyping((on) => !on);
    requestAnimationFrame(() => box.focus());
  };

  return (
    <div className={kit.col} style={{ '--kit-gap': 'var(--mantine-spacing-xs)' } as CSSProperties}>
      <KitTextInput
        {...box.inputProps}
        autoFocus={enabled && !camera}
        onChange={(e) => box.setValue(e.currentTarget.value.toUpperCase())}
        inputMode={typing ? 'text' : 'none'}
        label={label ?? t('快递单号')} placeholder={placeholder ?? t('扫描或输入单号')} size={size} maxLength={64} id={id} className={className}
        leftSection={<IconBarcode size={28} />} sectionWidth={56}
        rightSection={<KeyboardToggle on={typing} onToggle={toggleTyping} />}
        data-testid={testId}
      />
      <KitButton
        size={size === 'xl' ? 'lg' : 'md'} fullWidth variant={camera ? 'filled' : 'light'} onClick={toggleCamera} aria-pressed={camera}
        leftSection={camera ? <IconCameraOff size={22} /> : <IconCamera size={22} />} data-testid="camera-toggle"
      >
        {camera ? t('关闭摄像头') : t('摄像头扫码')}
      </KitButton>
      {camera && <CameraScanner onDecode={fromCamera} overlay={cameraOverlay} />}
      {ignored && <KitText size="sm" dimmed data-testid="scan-ignored">{t('已忽略重复扫描：{0}', ignored)}</KitText>}
    </div>
  );
}
