// The theme's CSS variables are written once in theme.css (main.tsx turns MantineProvider's own
// start-up computation off): they must be what Mantine would compute for theme.ts.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { MantineProvider } from '@mantine/core';
import { describe, expect, it } from 'vitest';
import { theme } from './theme.ts';

const declarations = (css: string) => [...css.replace(/\/\*[\s\S]*?\*\//g, '').matchAll(/(--[\w-]+)\s*:\s*([^;]+);/g)]
  .map(([, name, value]) => `${name}: ${value!.trim()}`).sort();

describe('theme.css', () => {
  it('holds exactly the variables MantineProvider computes for the theme', () => {
    const markup = renderToStaticMarkup(createElement(MantineProvider, { theme }, null));
    const computed = /<style data-mantine-styles="true">([\s\S]*?)<\/style>/.exec(markup)?.[1] ?? '';
    expect(computed).not.toBe('');
    const file = readFileSync(path.join(import.meta.dirname, 'theme.css'), 'utf8');
    expect(declarations(file)).toEqual(declarations(computed));
  });
});
