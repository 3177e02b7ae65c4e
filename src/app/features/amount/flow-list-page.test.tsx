import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ApiRequest } from '#shared/api-client.ts';
import { zhHans } from '#shared/i18n/zh-Hans.ts';
import { ApiError } from '../../lib/api.ts';
import { fakeConfiguration } from '../../lib/test-config.ts';
import { createFakeApi, renderWithProviders, type FakeHandler } from '../../test/render.tsx';
import { emulateViewport } from '../../components/list-page/testing.ts';
import { FlowListPage } from './flow-list-page.tsx';
import type { FlowListSearch } from './search.ts';
import { buildFlow } from './test-data.ts';
import { fileUrl } from '#shared/file-links.ts';

const callsOf = (all: ApiRequest[], name: string) => all.filter((c) => `${c.service}.${c.action}` === name);
const session = { getToken: () => 'tok', getTenantId: () => 1, getCulture: () => 'zh-Hans' };

function Page({ initial = {} }: { initial?: FlowListSearch }) {
  const [search, setSearch] = useState<FlowListSearch>(initial);
  return <FlowListPage search={search} onSearchChange={setSearch} exportSource={session} canRecharge />;
}

const SELLER = { id: 7, userCode: 'S00007', name: '张三', userName: 'zhangsan', balance: 80 };

function fakeApi(extra: Record<string, FakeHandler> = {}) {
  return createFakeApi({
    'AbpUserConfiguration.getAll': () => fakeConfiguration({ userId: 1, tenantId: 1, values: zhHans }),
    'Flow.getFlowList': () => ({ totalCount: 1, items: [buildFlow({ id: 5, channel: 2, incurredAmount: 80, balance: 80, remark: '线下转账' })] }),
    'Flow.getSellerBalances': () => [SELLER],
    ...extra,
  });
}

describe('积分流水', () => {
  beforeEach(() => {
    emulateViewport(1280);
    // Mantine's combobox scrolls its selected option into view; jsdom has no scrolling.
    Element.prototype.scrollIntoView ??= () => {};
  });
  afterEach(() => vi.unstubAllGlobals());

  it('deducts from a row\'s seller: a remark is required, the server\'s refusal stays in the dialog', async () => {
    const user = userEvent.setup();
    let answer: unknown = new ApiError('积分余额不足，不能扣减。当前余额 80.00，扣减 100.00。', 'http', 409);
    const { api, calls } = fakeApi({
      'UserRecharge.systemRechargeAmount': () => { if (answer instanceof Error) throw answer; return answer; },
    });
    renderWithProviders(<Page />, { api });
    const row = (await screen.findByText('线下转账')).closest('tr')!;
    expect(within(row).getByText('S00007')).toBeTruthy();
    // The type column and the row's 系统充值 button.
    expect(within(row).getAllByText('系统充值')).toHaveLength(2);
    await user.click(within(row).getByRole('button', { name: '系统充值' }));

    const dialog = await screen.findByRole('dialog', { name: '系统充值' });
    expect(await within(dialog).findByText('80.00')).toBeTruthy();
    await user.type(within(dialog).getByRole('textbox', { name: '金额' }), '-100');
    await user.click(within(dialog).getByRole('button', { name: '确定' }));
    expect(await within(dialog).findByText('扣减积分必须填写备注')).toBeTruthy();
    expect(callsOf(calls, 'UserRecharge.systemRechargeAmount')).toHaveLength(0);

    await user.type(within(dialog).getByRole('textbox', { name: '备注' }), '运费补扣');
    await user.click(within(dialog).getByRole('button', { name: '确定' }));
    expect(await within(dialog).findByRole('alert')).toHaveProperty('textContent', '积分余额不足，不能扣减。当前余额 80.00，扣减 100.00。');
    expect(callsOf(calls, 'UserRecharge.systemRechargeAmount')[0]!.body).toEqual({ userId: 7, amount: -100, remark: '运费补扣' });

    answer = { flow: buildFlow({ id: 6, incurredAmount: -50, balance: 30 }), balance: 30 };
    const amount = within(dialog).getByRole('textbox', { name: '金额' });
    await user.clear(amount);
    await user.type(amount, '-50');
    await user.click(within(dialog).getByRole('button', { name: '确定' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: '系统充值' })).toBeNull());
    // The list is asked again after the posting.
    await waitFor(() => expect(callsOf(calls, 'Flow.getFlowList').length).toBeGreaterThan(1));
  });

  it('exports the list\'s filters to GetExcelFlow with the session\'s token', async () => {
    const user = userEvent.setup();
    const fetched: { url: string; headers: Record<string, string> }[] = [];
    vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
      fetched.push({ url, headers: init.headers as Record<string, string> });
      return new Response(new Blob(['xlsx']), { status: 200, headers: { 'content-disposition': "attachment; filename*=UTF-8''%E7%A7%AF%E5%88%86%E6%B5%81%E6%B0%B4.xlsx" } });
    });
    URL.createObjectURL ??= () => 'blob:x';
    URL.revokeObjectURL ??= () => {};
    const { api } = fakeApi();
    renderWithProviders(<Page initial={{ userCode: 'S00007', channel: 2 }} />, { api });
    await screen.findByText('线下转账');
    await user.click(screen.getByRole('button', { name: '导出' }));
    await waitFor(() => expect(fetched).toHaveLength(1));
    expect(fetched[0]!.url).toBe(fileUrl('getExcelFlow', { userCode: 'S00007', channel: 2 }));
    expect(fetched[0]!.headers).toMatchObject({ Authorization: 'Bearer tok', 'Abp.TenantId': '1' });
  });
});
