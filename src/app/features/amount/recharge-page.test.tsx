import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { act } from 'react';
import { focusManager } from '@tanstack/react-query';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ApiRequest } from '#shared/api-client.ts';
import { zhHans } from '#shared/i18n/zh-Hans.ts';
import { ApiError } from '../../lib/api.ts';
import { fakeConfiguration } from '../../lib/test-config.ts';
import { createFakeApi, renderWithProviders, type FakeHandler } from '../../test/render.tsx';
import { RechargePage } from './recharge-page.tsx';
import { buildRecharge } from './test-data.ts';

const callsOf = (all: ApiRequest[], name: string) => all.filter((c) => `${c.service}.${c.action}` === name);

function Harness({ opened }: { opened: string[] }) {
  const [rechargeId, setRechargeId] = useState<number | undefined>(undefined);
  return <RechargePage rechargeId={rechargeId} onRechargeChange={setRechargeId} openPaymentPage={(url) => opened.push(url)} />;
}

function fakeApi(handlers: Record<string, FakeHandler>) {
  return createFakeApi({ 'AbpUserConfiguration.getAll': () => fakeConfiguration({ userId: 7, tenantId: 1, values: zhHans }), ...handlers });
}

describe('积分充值', () => {
  it('pays a preset amount on the test page and confirms it when the seller says it is done', async () => {
    const user = userEvent.setup();
    let balance = 12.5;
    let paid = false;
    const opened: string[] = [];
    const { api, calls } = fakeApi({
      'Recharge.getBalance': () => ({ balance }),
      'Recharge.createRecharge': (r) => buildRecharge({ amount: (r.body as { amount: number }).amount }),
      'Recharge.confirmPayment': () => (paid ? buildRecharge({ status: 1, paidTime: '2026-11-20T02:01:00Z' }) : buildRecharge()),
    });
    renderWithProviders(<Harness opened={opened} />, { api });
    expect(await screen.findByText('12.50')).toBeTruthy();

    await user.click(screen.getByRole('radio', { name: '500.00' }));
    await user.click(screen.getByRole('button', { name: '去支付' }));
    await waitFor(() => expect(opened).toEqual(['/pay/test/' + 'a'.repeat(32)]));
    expect(callsOf(calls, 'Recharge.createRecharge')[0]!.body).toEqual({ amount: 500 });

    expect(await screen.findByText('充值单 R42')).toBeTruthy();
    expect(screen.getByText('待支付')).toBeTruthy();
    // While it is pending the amount form is hidden (one recharge at a time).
    expect(screen.queryByRole('button', { name: '去支付' })).toBeNull();
    // Not paid yet: asking changes nothing.
    await user.click(screen.getByRole('button', { name: '我已完成支付' }));
    expect(screen.getByText('待支付')).toBeTruthy();

    paid = true;
    balance = 512.5;
    await user.click(screen.getByRole('button', { name: '我已完成支付' }));
    expect(await screen.findByText('支付成功，500.00 积分已到账。')).toBeTruthy();
    expect(await screen.findByText('512.50')).toBeTruthy();
    expect(callsOf(calls, 'Recharge.confirmPayment').every((c) => (c.query as { id: number }).id === 42)).toBe(true);
    // 继续充值 goes back to the amount form.
    await user.click(screen.getByRole('button', { name: '继续充值' }));
    expect(screen.getByRole('button', { name: '去支付' })).toBeTruthy();
  });

  it('asks again when the seller comes back to the tab while the order is pending, and stops once paid', async () => {
    let paid = false;
    const { api, calls } = fakeApi({
      'Recharge.getBalance': () => ({ balance: paid ? 500 : 0 }),
      'Recharge.confirmPayment': () => (paid ? buildRecharge({ status: 1 }) : buildRecharge()),
    });
    renderWithProviders(<RechargePage rechargeId={42} onRechargeChange={() => {}} openPaymentPage={() => {}} />, { api });
    expect(await screen.findByText('待支付')).toBeTruthy();
    paid = true;
    act(() => { focusManager.setFocused(false); });
    act(() => { focusManager.setFocused(true); });
    expect(await screen.findByText('支付成功，500.00 积分已到账。')).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId('balance').textContent).toBe('500.00'));
    const asked = callsOf(calls, 'Recharge.confirmPayment').length;
    act(() => { focusManager.setFocused(false); });
    act(() => { focusManager.setFocused(true); });
    await new Promise((r) => setTimeout(r, 50));
    expect(callsOf(calls, 'Recharge.confirmPayment')).toHaveLength(asked);
    act(() => { focusManager.setFocused(undefined); });
  });

  it('checks the amount before asking and shows the server\'s refusal', async () => {
    const user = userEvent.setup();
    const opened: string[] = [];
    const { api, calls } = fakeApi({
      'Recharge.getBalance': () => ({ balance: 0 }),
      'Recharge.createRecharge': () => { throw new ApiError('您的请求无效!', 'http', 400, 'amount: 充值金额必须大于 0', [{ message: '充值金额必须大于 0', members: ['amount'] }]); },
    });
    renderWithProviders(<Harness opened={opened} />, { api });
    const input = await screen.findByRole('textbox', { name: '充值金额' });
    await user.clear(input);
    await user.click(screen.getByRole('button', { name: '去支付' }));
    expect(await screen.findByText('请输入充值金额')).toBeTruthy();
    expect(callsOf(calls, 'Recharge.createRecharge')).toHaveLength(0);

    // 0.001 is refused as typed, never cut or rounded to 0.01 (issue 44).
    await user.type(input, '0.001');
    await user.click(screen.getByRole('button', { name: '去支付' }));
    expect(await screen.findByText('金额最多两位小数')).toBeTruthy();
    expect((input as HTMLInputElement).value).toBe('0.001');
    expect(callsOf(calls, 'Recharge.createRecharge')).toHaveLength(0);

    await user.clear(input);
    await user.type(input, '0.01');
    await user.click(screen.getByRole('button', { name: '去支付' }));
    expect(await screen.findByRole('alert')).toHaveProperty('textContent', '充值金额必须大于 0');
    expect(opened).toEqual([]);
  });

  it('confirms the order it was sent back with (?rechargeId=) and shows a closed one', async () => {
    const { api } = fakeApi({
      'Recharge.getBalance': () => ({ balance: 0 }),
      'Recharge.confirmPayment': () => buildRecharge({ id: 9, status: 2, closedTime: '2026-11-20T02:01:00Z' }),
    });
    renderWithProviders(<RechargePage rechargeId={9} onRechargeChange={() => {}} openPaymentPage={() => {}} />, { api });
    expect(await screen.findByText('已关闭')).toBeTruthy();
    expect(screen.getByText('该充值单已关闭，未扣款。可重新发起充值。')).toBeTruthy();
    expect(screen.getByRole('button', { name: '去支付' })).toBeTruthy();
  });
});
