// The always-focused scan box: a plain <input> that a wedge scanner (or a person) types into, with
// Enter submitting. It keeps focus: a click anywhere else on the station (a button, the history, the
// empty space) hands focus back, while other fields (weight, note, a select) keep it until left.
// No screen code here: the hook hands back props for whatever input component the screen uses.
import { useCallback, useEffect, useLayoutEffect, useRef, useState, type ChangeEvent, type Dispatch, type KeyboardEvent, type RefObject, type SetStateAction } from 'react';
import { createWedgeDetector, normalizeCode, type ScanSource, DEFAULT_MAX_GAP_MS, DEFAULT_MIN_LENGTH } from './wedge-detector.ts';

export interface UseScanInputOptions {
  /** Called with the trimmed, upper-cased code when Enter ends a read of at least minLength. */
  onScan: (code: string, source: ScanSource) => void;
  maxGapMs?: number;
  minLength?: number;
  /** The element clicks inside which send focus back to the box (the whole station); default: the document. */
  containerRef?: RefObject<HTMLElement | null>;
  /** Off while, e.g., a dialog is open. */
  enabled?: boolean;
  /**
   * A fast burst into another field counts as a scan only when it looks like a code: long enough
   * (a weight typed quickly is not a tracking number) and made of these characters.
   */
  strayMinLength?: number;
  strayPattern?: RegExp;
}

export interface ScanInputProps {
  ref: RefObject<HTMLInputElement | null>;
  value: string;
  onChange: (event: ChangeEvent<HTMLInputElement>) => void;
  onKeyDown: (event: KeyboardEvent<HTMLInputElement>) => void;
  onBlur: () => void;
  autoFocus: true;
  autoComplete: 'off';
  autoCapitalize: 'characters';
  spellCheck: false;
  enterKeyHint: 'go';
}

export interface ScanInput {
  inputProps: ScanInputProps;
  value: string;
  setValue: Dispatch<SetStateAction<string>>;
  focus: () => void;
}

/** Letters (upper-cased by then), digits and dashes: what tracking numbers and barcodes are made of. */
const CODE_PATTERN = /^[A-Z0-9-]+$/;

const KEEPS_FOCUS = 'input, textarea, select, [contenteditable="true"], [role="combobox"], [role="listbox"], [role="option"], [data-keeps-focus]';

/** Sets a (possibly React-controlled) field's value the way typing would, so React sees the change. */
function restoreValue(el: HTMLInputElement | HTMLTextAreaElement, value: string): void {
  if (el.value === value) return;
  const proto = el instanceof HTMLTextAreaElement ? HTMLTextAreaElement.prototype : HTMLInputElement.prototype;
  Object.getOwnPropertyDescriptor(proto, 'value')?.set?.call(el, value);
  el.dispatchEvent(new Event('input', { bubbles: true }));
}

export function useScanInput({
  onScan, maxGapMs = DEFAULT_MAX_GAP_MS, minLength = DEFAULT_MIN_LENGTH, containerRef, enabled = true, strayMinLength = 8, strayPattern = CODE_PATTERN,
}: UseScanInputOptions): ScanInput {
  const ref = useRef<HTMLInputElement | null>(null);
  const [value, setValue] = useState('');
  const detector = useRef(createWedgeDetector({ maxGapMs, minLength, acceptTyped: true }));
  const onScanRef = useRef(onScan);
  // Layout effect: up to date as soon as a render commits, before any timer of ours fires.
  useLayoutEffect(() => {
    onScanRef.current = onScan;
  }, [onScan]);

  const focus = useCallback(() => {
    ref.current?.focus({ preventScroll: true });
  }, []);

  const onKeyDown = useCallback((event: KeyboardEvent<HTMLInputElement>) => {
    if (event.nativeEvent.isComposing) return;
    const read = detector.current.key(event.key, event.timeStamp);
    if (event.key !== 'Enter') return;
    event.preventDefault();
    // The box's own text is the truth (a person may have pasted or edited it); the detector only
    // says how it got there.
    const code = normalizeCode(event.currentTarget.value);
    if (code.length < minLength) return;
    onScanRef.current(code, read?.source ?? 'keyboard');
  }, [minLength]);

  const onChange = useCallback((event: ChangeEvent<HTMLInputElement>) => setValue(event.currentTarget.value), []);

  // Focus that falls to <body> (a clicked button disappeared, a dialog closed) comes back to the box.
  const onBlur = useCallback(() => {
    if (!enabled) return;
    setTimeout(() => {
      const active = document.activeElement;
      if (!active || active === document.body) focus();
    }, 0);
  }, [enabled, focus]);

  // A scanner fired while another field of the station had focus (the weight, the note): its burst is
  // still a scan. The field gets back what it held before the burst, and the code goes to onScan.
  // A burst while focus is on no field at all (the page, a button just pressed) is a scan too: its
  // Enter must not press that button again (issue 45 §4: no scan is ever dropped to focus).
  useEffect(() => {
    if (!enabled) return;
    const stray = createWedgeDetector({ maxGapMs, minLength: Math.max(minLength, strayMinLength) });
    const loose = createWedgeDetector({ maxGapMs, minLength });
    let field: HTMLInputElement | HTMLTextAreaElement | null = null;
    let before = '';
    let last = -Infinity;
    const handler = (event: globalThis.KeyboardEvent) => {
      const target = event.target;
      if (target === ref.current || event.isComposing) return;
      if (!(target instanceof HTMLInputElement || target instanceof HTMLTextAreaElement)) {
        if (!(target instanceof Element) || target.closest(KEEPS_FOCUS)) return;
        // A dialog of its own (a confirmation) is not the station's to read.
        const container = containerRef?.current;
        if (target.closest('[role="dialog"]') && !container?.contains(target)) return;
        const read = loose.key(event.key, event.timeStamp);
        if (!read) return;
        event.preventDefault();
        event.stopPropagation();
        focus();
        onScanRef.current(read.code, 'scanner');
        return;
      }
      const container = containerRef?.current;
      if (container && !container.contains(target)) return;
      if (target !== field || event.timeStamp - last > maxGapMs) {
        if (target !== field) stray.reset();
        field = target;
        before = target.value;
      }
      last = event.timeStamp;
      const read = stray.key(event.key, event.timeStamp);
      if (!read || !strayPattern.test(read.code)) return;
      event.preventDefault();
      event.stopPropagation();
      restoreValue(target, before);
      focus();
      // After React has re-rendered with the restored value, so onScan sees the field as it was.
      setTimeout(() => onScanRef.current(read.code, 'scanner'), 0);
    };
    document.addEventListener('keydown', handler, true);
    return () => document.removeEventListener('keydown', handler, true);
  }, [enabled, containerRef, focus, maxGapMs, minLength, strayMinLength, strayPattern]);

  // Back from a step that turned the box off (a photo being taken, an upload, a confirmation): the box
  // takes focus again unless a field of the station holds it.
  const wasEnabled = useRef(enabled);
  useEffect(() => {
    const back = enabled && !wasEnabled.current;
    wasEnabled.current = enabled;
    if (!back) return;
    const timer = setTimeout(() => {
      const active = document.activeElement;
      if (!active || active === document.body || !active.closest(KEEPS_FOCUS)) focus();
    }, 0);
    return () => clearTimeout(timer);
  }, [enabled, focus]);

  useEffect(() => {
    if (!enabled) return;
    const handler = (event: MouseEvent) => {
      const target = event.target as Element | null;
      if (!target || !(target instanceof Element)) return;
      const container = containerRef?.current;
      if (container && !container.contains(target)) return;
      if (target.closest(KEEPS_FOCUS)) return;
      // After the click's own default action (a button takes focus), so ours wins.
      setTimeout(focus, 0);
    };
    document.addEventListener('click', handler);
    return () => document.removeEventListener('click', handler);
  }, [enabled, containerRef, focus]);

  return {
    value,
    setValue,
    focus,
    inputProps: { ref, value, onChange, onKeyDown, onBlur, autoFocus: true, autoComplete: 'off', autoCapitalize: 'characters', spellCheck: false, enterKeyHint: 'go' },
  };
}
