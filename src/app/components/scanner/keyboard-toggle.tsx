// The 键盘 toggle at the end of a scan box: a scan screen keeps the soft keyboard down (a wedge
// scanner or the camera types); this brings it up to key a smudged number by hand. A plain button
// styled like Mantine's ActionIcon (no UnstyledButton either) (filled when on): ActionIcon brings its group components along
// into a scan screen's first load. A native title, not a Tooltip: a phone has no hover.
import { IconKeyboard, IconKeyboardOff } from '@tabler/icons-react';
import { useT } from '../../lib/i18n.ts';
import classes from './keyboard-toggle.module.css';

export function KeyboardToggle({ on, onToggle }: { on: boolean; onToggle: () => void }) {
  const t = useT();
  return (
    <button type="button" className={classes.toggle} data-on={on || undefined} onClick={onToggle} aria-pressed={on} aria-label={t('键盘输入')}
      title={on ? t('收起键盘') : t('用键盘输入')} data-testid="scan-keyboard-toggle">
      {on ? <IconKeyboardOff size={24} /> : <IconKeyboard size={24} />}
    </button>
  );
}
