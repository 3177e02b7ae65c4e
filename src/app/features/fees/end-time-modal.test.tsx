import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError } from '../../lib/api.ts';
import { refusalsAsValues } from '../../components/forms/refusal.ts';
import { renderWithProviders } from '../../test/render.tsx';
import { EndTimeModal } from './end-time-modal.tsx';
import { isoToLocal, localToIso } from './fee-form.ts';

describe('结束 (EditEndTime) dialog', () => {
  it('sends the chosen Beijing time and shows the server\'s refusal on the form', async () => {
    const user = userEvent.setup();
    const sent: string[] = [];
    let closed = false;
    renderWithProviders(
      <EndTimeModal subject="深圳大陆仓 · 跨境订单" beginTime="2026-11-01T00:00:00Z" endTime={null} saving={false}
        onSubmit={(endTime) => { sent.push(endTime); return refusalsAsValues(Promise.reject(new ApiError('基础费用设置 #5 已经生效，结束时间不能早于现在（2026-11-22 16:00）：在那之后计算的费用都用了它。', 'http', 409))); }}
        onClose={() => { closed = true; }} />,
    );
    const dialog = await screen.findByRole('dialog', { name: '结束设置' });
    fireEvent.change(within(dialog).getByLabelText(/结束时间/), { target: { value: '2026-11-20T10:30' } });
    await user.click(within(dialog).getByRole('button', { name: '结束' }));
    await waitFor(() => expect(sent).toEqual(['2026-11-20T10:30:00+08:00']));
    expect((await within(dialog).findByRole('alert')).textContent).toContain('结束时间不能早于现在');
    expect(closed).toBe(false);
  });
});

describe('Beijing wall clock', () => {
  it('round-trips an instant through the datetime-local value', () => {
    expect(isoToLocal('2026-11-22T00:30:00Z')).toBe('2026-11-22T08:30');
    expect(localToIso('2026-11-22T08:30')).toBe('2026-11-22T08:30:00+08:00');
    expect(new Date(localToIso(isoToLocal('2026-03-01T17:05:00Z'))!).toISOString()).toBe('2026-03-01T17:05:00.000Z');
    expect(localToIso('nonsense')).toBeNull();
    expect(isoToLocal(null)).toBe('');
  });
});
