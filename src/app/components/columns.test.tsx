import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { Columns } from './columns.tsx';

describe('Columns', () => {
  it('gives each breakpoint its columns, falling back to the next narrower one that is set', () => {
    render(<Columns cols={{ base: 1, sm: 2 }} spacing="sm" data-testid="grid"><span>a</span><span>b</span></Columns>);
    const grid = screen.getByTestId('grid');
    expect(grid.style.getPropertyValue('--columns-base')).toBe('1');
    expect(grid.style.getPropertyValue('--columns-xs')).toBe('1');
    expect(grid.style.getPropertyValue('--columns-sm')).toBe('2');
    expect(grid.style.getPropertyValue('--columns-md')).toBe('2');
    expect(grid.style.getPropertyValue('--columns-gap')).toBe('var(--mantine-spacing-sm)');
    expect(grid.children).toHaveLength(2);
  });

  it('takes a plain number as the columns at every width, and keeps the caller’s own style', () => {
    render(<Columns cols={3} style={{ alignItems: 'end' }} data-testid="grid" />);
    const grid = screen.getByTestId('grid');
    for (const bp of ['base', 'xs', 'sm', 'md']) expect(grid.style.getPropertyValue(`--columns-${bp}`)).toBe('3');
    expect(grid.style.alignItems).toBe('end');
  });
});
