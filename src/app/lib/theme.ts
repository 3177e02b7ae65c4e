// The console's Mantine theme: system fonts with the common simplified-Chinese faces, compact radii.
import { createTheme } from '@mantine/core';

const FONT = '-apple-system, BlinkMacSystemFont, "Segoe UI", "PingFang SC", "Hiragino Sans GB", "Microsoft YaHei", "Noto Sans CJK SC", "WenQuanYi Micro Hei", Roboto, "Helvetica Neue", Arial, sans-serif';

export const theme = createTheme({
  primaryColor: 'blue',
  fontFamily: FONT,
  headings: { fontFamily: FONT, fontWeight: '600' },
  defaultRadius: 'md',
  cursorType: 'pointer',
});
