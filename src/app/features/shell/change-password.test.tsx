import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createFakeApi, renderWithProviders } from '../../test/render.tsx';
import { ApiError } from '../../lib/http.ts';
import { fakeConfiguration } from '../../lib/test-config.ts';
import { ChangePasswordForm } from './change-password.tsx';

const config = () => fakeConfiguration({ userId: 2, tenantId: 1 });

const current = () => screen.getByLabelText(/当前密码/);
const next = () => screen.getByLabelText(/新密码/);
/** The message Mantine shows under a field (aria-describedby → the error element). */
const errorOf = (input: HTMLElement) => {
  const ids = (input.getAttribute('aria-describedby') ?? '').split(' ').filter(Boolean);
  return ids.map((id) => document.getElementById(id)?.textContent ?? '').join('') || null;
};

describe('修改密码 (spec 000 §5, with the crossed messages fixed)', () => {
  it('both fields are masked and limited to 32 characters', () => {
    renderWithProviders(<ChangePasswordForm onDone={() => {}} />, { api: createFakeApi({ 'AbpUserConfiguration.getAll': config }).api });
    for (const input of [current(), next()]) {
      expect(input.getAttribute('type')).toBe('password');
      expect(input.getAttribute('maxlength')).toBe('32');
    }
  });

  it('each empty field shows its own message, and nothing is sent', async () => {
    const { api, calls } = createFakeApi({ 'AbpUserConfiguration.getAll': config, 'User.changePassword': () => true });
    renderWithProviders(<ChangePasswordForm onDone={() => {}} />, { api });
    await userEvent.click(screen.getByRole('button', { name: '保存' }));
    expect(errorOf(current())).toBe('当前密码不能为空');
    expect(errorOf(next())).toBe('新密码不能为空');
    await userEvent.type(current(), 'old-pass');
    await userEvent.click(screen.getByRole('button', { name: '保存' }));
    expect(errorOf(current())).toBeNull();
    expect(errorOf(next())).toBe('新密码不能为空');
    expect(calls.filter((c) => c.service === 'User')).toHaveLength(0);
  });

  it('an empty current password is reported on the current-password field only', async () => {
    renderWithProviders(<ChangePasswordForm onDone={() => {}} />, { api: createFakeApi({ 'AbpUserConfiguration.getAll': config }).api });
    await userEvent.type(next(), 'new-pass1');
    await userEvent.click(screen.getByRole('button', { name: '保存' }));
    expect(errorOf(current())).toBe('当前密码不能为空');
    expect(errorOf(next())).toBeNull();
  });

  it('sends both passwords and closes on success', async () => {
    const onDone = vi.fn();
    const { api, calls } = createFakeApi({ 'AbpUserConfiguration.getAll': config, 'User.changePassword': () => true });
    renderWithProviders(<ChangePasswordForm onDone={onDone} />, { api });
    await userEvent.type(current(), 'old-pass');
    await userEvent.type(next(), 'new-pass1');
    await userEvent.click(screen.getByRole('button', { name: '保存' }));
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(calls.find((c) => c.action === 'changePassword')!.body).toEqual({ currentPassword: 'old-pass', newPassword: 'new-pass1' });
  });

  it('a wrong current password (409) is shown under that field', async () => {
    const { api } = createFakeApi({ 'AbpUserConfiguration.getAll': config, 'User.changePassword': () => { throw new ApiError('当前密码不正确。', 'http', 409); } });
    renderWithProviders(<ChangePasswordForm onDone={() => {}} />, { api });
    await userEvent.type(current(), 'wrong-pass');
    await userEvent.type(next(), 'new-pass1');
    await userEvent.click(screen.getByRole('button', { name: '保存' }));
    await waitFor(() => expect(errorOf(current())).toBe('当前密码不正确。'));
    expect(errorOf(next())).toBeNull();
  });
});
