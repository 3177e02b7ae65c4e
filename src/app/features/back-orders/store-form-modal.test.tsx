import { beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ApiRequest } from '#shared/api-client.ts';
import type { StoreDto } from '#shared/contracts/orders.ts';
import { zhHans } from '#shared/i18n/zh-Hans.ts';
import { ApiError } from '../../lib/api.ts';
import { fakeConfiguration } from '../../lib/test-config.ts';
import { createFakeApi, renderWithProviders, type FakeHandler } from '../../test/render.tsx';
import { emulateViewport } from '../../components/list-page/testing.ts';
import { StoreFormModal } from './store-form-modal.tsx';

const SELLERS = [
  { id: 7, userCode: 'S00001', name: '王小明', userName: 'seller01' },
  { id: 8, userCode: 'S00002', name: '李华', userName: 'seller02' },
];
const saved = (over: Partial<StoreDto>): StoreDto => ({
  id: 5, userId: 8, userCode: 'S00002', userName: '李华', storeName: '李华的店', site: 'MY', contactName: '', contactPhone: '', storeAddress: '',
  remark: null, whetherLocal: false, whetherEffective: true, creationTime: '2024-05-06T06:03:00Z', ...over,
});

function fakeApi(extra: Record<string, FakeHandler> = {}) {
  return createFakeApi({
    'AbpUserConfiguration.getAll': () => fakeConfiguration({ userId: 1, tenantId: 1, values: zhHans }),
    'BackOrder.getUserList': () => SELLERS,
    ...extra,
  });
}
const callsOf = (all: ApiRequest[], name: string) => all.filter((c) => `${c.service}.${c.action}` === name);

describe('新建店铺', () => {
  beforeEach(() => {
    emulateViewport(1280);
  });

  it('asks for a seller, a name and a site before saving, then sends the store for the picked seller', async () => {
    const user = userEvent.setup();
    let closed = false;
    const { api, calls } = fakeApi({ 'BackStoreAddress.editStoreAddress': (r) => saved(r.body as Partial<StoreDto>) });
    renderWithProviders(<StoreFormModal store={null} onClose={() => { closed = true; }} />, { api });
    const dialog = await screen.findByRole('dialog', { name: '新建店铺' });

    await user.click(within(dialog).getByRole('button', { name: '保存' }));
    expect(within(dialog).getByText('请选择卖家')).toBeTruthy();
    expect(within(dialog).getByText('请填写店铺名称')).toBeTruthy();
    expect(within(dialog).getByText('请选择站点')).toBeTruthy();
    expect(callsOf(calls, 'BackStoreAddress.editStoreAddress')).toHaveLength(0);

    await user.type(within(dialog).getByRole('combobox', { name: '卖家' }), 'S00002');
    await user.click(await screen.findByRole('option', { name: 'S00002 李华 (seller02)', hidden: true }));
    await user.click(within(dialog).getByRole('combobox', { name: '站点' }));
    await user.click(await screen.findByRole('option', { name: '马来西亚 (MY)', hidden: true }));
    await user.type(within(dialog).getByRole('textbox', { name: '店铺名称' }), '李华的店');
    await user.type(within(dialog).getByRole('textbox', { name: '联系电话' }), '13800000000');
    await user.click(within(dialog).getByRole('button', { name: '保存' }));

    await waitFor(() => expect(closed).toBe(true));
    expect(callsOf(calls, 'BackStoreAddress.editStoreAddress')[0]!.body).toEqual({
      userId: 8, storeName: '李华的店', site: 'MY', contactName: '', contactPhone: '13800000000', storeAddress: '', remark: null,
      whetherLocal: false, whetherEffective: true,
    });
  });

  it('keeps the dialog open with the server’s sentence when it refuses', async () => {
    const user = userEvent.setup();
    let closed = false;
    const { api } = fakeApi({ 'BackStoreAddress.editStoreAddress': () => { throw new ApiError('该卖家在此站点已有同名店铺。', 'http', 409); } });
    renderWithProviders(<StoreFormModal store={saved({})} onClose={() => { closed = true; }} />, { api });
    const dialog = await screen.findByRole('dialog', { name: '编辑店铺' });
    // Editing keeps the store's seller.
    await waitFor(() => expect((within(dialog).getByRole('combobox', { name: '卖家' }) as HTMLInputElement).value).toBe('S00002 李华 (seller02)'));
    await user.click(within(dialog).getByRole('button', { name: '保存' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe('该卖家在此站点已有同名店铺。');
    expect(closed).toBe(false);
  });
});
