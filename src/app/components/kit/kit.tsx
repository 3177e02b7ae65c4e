// The kit (decision 0033): the few pieces the floor's phone screens are made of, as plain elements
// styled with Mantine's CSS variables (kit.module.css). Mantine's own components would add their
// code to every floor screen's first load (Button, InputBase, Paper, Badge… about 12 KB gzipped,
// decision 0015's budget is 170 KB in all). The console keeps using Mantine.
//
// Only what the floor needs: a button, a card, a badge, an alert, a title, a text field and a spinner.
// Layout is by class: `kit.col`, `kit.row`, `kit.grow`, `kit.grid` (with `--kit-gap`, `--kit-cols`).
import { useId, type ButtonHTMLAttributes, type CSSProperties, type HTMLAttributes, type InputHTMLAttributes, type ReactNode, type Ref, type SelectHTMLAttributes } from 'react';
import type { MantineColor } from '@mantine/core';
import { IconChevronDown } from '@tabler/icons-react';
import kit from './kit.module.css';

export { kit };

/** Any colour of Mantine's palette (a type only: no Mantine code is loaded for it). */
export type KitColor = MantineColor;

/**
 * The kit's colour variables for one palette colour, over Mantine's own (`--mantine-color-red-filled`
 * …). Blue, the default, is in kit.module.css; any other is set on the element.
 */
export function kitTone(color: KitColor | undefined): CSSProperties | undefined {
  if (!color || color === 'blue') return undefined;
  const v = (name: string) => `var(--mantine-color-${color}-${name})`;
  return {
    '--kit-filled': v('filled'), '--kit-filled-hover': v('filled-hover'), '--kit-light': v('light'),
    '--kit-light-hover': v('light-hover'), '--kit-light-color': v('light-color'), '--kit-text': v('text'),
  } as CSSProperties;
}

const toned = (color: KitColor | undefined, style: CSSProperties | undefined) => (color && color !== 'blue' ? { ...kitTone(color), ...style } : style);
export type KitSize = 'xs' | 'sm' | 'md' | 'lg' | 'xl';

const cx = (...names: (string | false | null | undefined)[]) => names.filter(Boolean).join(' ');

export interface KitButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: 'filled' | 'light' | 'subtle' | 'default';
  color?: KitColor;
  size?: KitSize;
  fullWidth?: boolean;
  leftSection?: ReactNode;
  loading?: boolean;
  ref?: Ref<HTMLButtonElement>;
}

/** Mantine's Button, the parts the floor uses. `loading` disables it and shows a spinner. */
export function KitButton({ variant = 'filled', color, size = 'sm', fullWidth, leftSection, loading, className, style, children, disabled, type = 'button', ...rest }: KitButtonProps) {
  return (
    <button {...rest} type={type} className={cx(kit.btn, className)} style={toned(color, style)} disabled={disabled || loading} data-variant={variant}
      data-size={size} data-full={fullWidth || undefined} data-loading={loading || undefined} aria-busy={loading || undefined}>
      {loading ? <span className={kit.spinnerSm} aria-hidden /> : leftSection}
      {children}
    </button>
  );
}

export interface KitBoxProps extends HTMLAttributes<HTMLDivElement> {
  ref?: Ref<HTMLDivElement>;
}

/** Mantine's Paper with a border. */
export function KitCard({ className, ...rest }: KitBoxProps) {
  return <div {...rest} className={cx(kit.card, className)} />;
}

/** Mantine's Badge (light, or filled). */
export function KitBadge({ color, variant = 'light', size, className, style, ...rest }: HTMLAttributes<HTMLSpanElement> & { color?: KitColor; variant?: 'light' | 'filled'; size?: 'md' | 'lg' }) {
  return <span {...rest} className={cx(kit.badge, className)} style={toned(color, style)} data-variant={variant} data-size={size} />;
}

/** Mantine's light Alert: an icon, a bold title, the message. */
export function KitAlert({ color = 'blue', title, icon, children, className, style, ...rest }: Omit<HTMLAttributes<HTMLDivElement>, 'title'> & { color?: KitColor; title?: ReactNode; icon?: ReactNode }) {
  return (
    <div role="alert" {...rest} className={cx(kit.note, className)} style={toned(color, style)}>
      {icon}
      <div>
        {title && <div className={kit.noteTitle}>{title}</div>}
        {children}
      </div>
    </div>
  );
}

const HEADINGS = { 2: ['h2', kit.h2], 3: ['h3', kit.h3], 4: ['h4', kit.h4] } as const;

/** Mantine's Title. */
export function KitTitle({ order = 2, className, ...rest }: HTMLAttributes<HTMLHeadingElement> & { order?: 2 | 3 | 4 }) {
  const [Tag, name] = HEADINGS[order];
  return <Tag {...rest} className={cx(name, className)} />;
}

/** Text in a colour of the palette (Mantine's `c="red"`), or dimmed. */
export function KitText({ color, dimmed, size, className, style, ...rest }: HTMLAttributes<HTMLDivElement> & { color?: KitColor; dimmed?: boolean; size?: 'xs' | 'sm' }) {
  return (
    <div {...rest} style={toned(color, style)}
      className={cx(color && kit.colored, dimmed && kit.dim, size === 'sm' && kit.small, size === 'xs' && kit.xs, className)} />
  );
}

export interface KitTextInputProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'size'> {
  label?: ReactNode;
  description?: ReactNode;
  error?: ReactNode;
  size?: KitSize;
  leftSection?: ReactNode;
  rightSection?: ReactNode;
  /** Width of each section, in px (Mantine's leftSectionWidth / rightSectionWidth). */
  sectionWidth?: number;
  wrapperProps?: HTMLAttributes<HTMLDivElement>;
  ref?: Ref<HTMLInputElement>;
}

/** Mantine's TextInput: label, description, the input with optional sections, the error under it. */
export function KitTextInput({ label, description, error, size, leftSection, rightSection, sectionWidth = 36, wrapperProps, id, className, ...rest }: KitTextInputProps) {
  const generated = useId();
  const inputId = id ?? generated;
  const errorId = `${inputId}-error`;
  const style = {
    '--kit-section': `${sectionWidth}px`,
    ...(leftSection ? { '--kit-left': `${sectionWidth}px` } : {}),
    ...(rightSection ? { '--kit-right': `${sectionWidth}px` } : {}),
  } as CSSProperties;
  return (
    <div {...wrapperProps}>
      {label && <label className={kit.label} htmlFor={inputId}>{label}</label>}
      {description && <div className={kit.description}>{description}</div>}
      <div className={kit.inputWrap} style={style}>
        {leftSection && <div className={kit.sectionLeft}>{leftSection}</div>}
        <input {...rest} id={inputId} className={cx(kit.input, className)} data-size={size}
          aria-invalid={error ? true : undefined} aria-describedby={error ? errorId : undefined} />
        {rightSection && <div className={kit.sectionRight}>{rightSection}</div>}
      </div>
      {error && <div id={errorId} className={kit.error}>{error}</div>}
    </div>
  );
}

export interface KitSelectProps extends Omit<SelectHTMLAttributes<HTMLSelectElement>, 'size'> {
  label: ReactNode;
  size?: KitSize;
  wrapperProps?: HTMLAttributes<HTMLDivElement>;
}

/** A native select (the phone's own picker) in the kit's input frame, with Mantine's chevron. */
export function KitSelect({ label, size, wrapperProps, id, className, children, ...rest }: KitSelectProps) {
  const generated = useId();
  const selectId = id ?? generated;
  return (
    <div {...wrapperProps}>
      <label className={kit.label} htmlFor={selectId}>{label}</label>
      <div className={kit.inputWrap} style={{ '--kit-right': '36px' } as CSSProperties}>
        <select {...rest} id={selectId} className={cx(kit.input, kit.select, className)} data-size={size}>{children}</select>
        <div className={kit.sectionRight} style={{ pointerEvents: 'none' }}><IconChevronDown size={16} /></div>
      </div>
    </div>
  );
}

/** Mantine's Loader. */
export function KitLoader({ size = 'md', label = '加载中' }: { size?: 'sm' | 'md'; label?: string }) {
  return <span className={size === 'sm' ? kit.spinnerSm : kit.spinner} role="progressbar" aria-label={label} style={{ display: 'inline-block' }} />;
}
