// The update prompt: asks first, and never switches (reloads) while the outbox is sending.
import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '../../test/render.tsx';
import { PwaPrompts } from './pwa-prompts.tsx';
import { updateStore } from './update-store.ts';

describe('update prompt', () => {
  it('waits for the outbox to finish sending before it activates the new version', async () => {
    const update = vi.fn(async (_reload: boolean) => {});
    let sending = true;
    renderWithProviders(<PwaPrompts isSending={() => sending} />);
    expect(screen.queryByTestId('pwa-update')).toBeNull();
    updateStore.set(update);
    expect(await screen.findByText('有新版本')).toBeTruthy();
    expect(update).not.toHaveBeenCalled(); // only asks

    await userEvent.click(screen.getByRole('button', { name: '立即更新' }));
    expect(await screen.findByText('正在等待同步完成，随后自动刷新…')).toBeTruthy();
    await new Promise((r) => setTimeout(r, 900));
    expect(update).not.toHaveBeenCalled();
    sending = false;
    await waitFor(() => expect(update).toHaveBeenCalledWith(true));
    updateStore.set(null);
  });

  it('稍后 hides it without switching', async () => {
    const update = vi.fn(async () => {});
    renderWithProviders(<PwaPrompts isSending={() => false} />);
    updateStore.set(update);
    await userEvent.click(await screen.findByRole('button', { name: '稍后' }));
    expect(screen.queryByTestId('pwa-update')).toBeNull();
    expect(update).not.toHaveBeenCalled();
    updateStore.set(null);
  });
});
