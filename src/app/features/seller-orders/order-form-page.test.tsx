import { beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ApiRequest } from '#shared/api-client.ts';
import { zhHans } from '#shared/i18n/zh-Hans.ts';
import { ApiError } from '../../lib/api.ts';
import { fakeConfiguration } from '../../lib/test-config.ts';
import { createFakeApi, renderWithProviders, type FakeHandler } from '../../test/render.tsx';
import { emulateViewport } from '../../components/list-page/testing.ts';
import { OrderFormPage } from './order-form-page.tsx';
import { buildOrder, buildStore, buildWarehouse } from './test-data.ts';
import type { Uploader } from './upload.ts';

const PDF_GUID = '3f2b6c1e-8a4d-4b7e-9c2a-1d5e6f7a8b9c';
const fakeUpload: Uploader = async (file) => ({ guid: PDF_GUID, fileName: file.name, contentType: 'application/pdf', size: file.size });

function setup(handlers: Record<string, FakeHandler> = {}, stores = [buildStore()], id?: number) {
  const saved: number[] = [];
  const fake = createFakeApi({
    'FrontOrder.getStoreList': () => stores,
    'WarehouseInfo.getWarehouseInfoList': () => ({ totalCount: 2, items: [buildWarehouse(), buildWarehouse({ id: 2, warehouseName: '停用仓', isEnabled: false })] }),
    'AbpUserConfiguration.getAll': () => fakeConfiguration({ userId: 5, tenantId: 1, values: zhHans }),
    ...handlers,
  });
  renderWithProviders(<OrderFormPage id={id} upload={fakeUpload} onSaved={(id) => saved.push(id)} onCancel={() => {}} />, { api: fake.api });
  return { ...fake, saved };
}

const line = (n: number) => screen.getByRole('group', { name: `第 ${n} 行` });
const creates = (calls: ApiRequest[]) => calls.filter((c) => c.action === 'createOrder');

async function fillLine(user: ReturnType<typeof userEvent.setup>, n: number, name: string, shipment: string) {
  await user.type(within(line(n)).getByLabelText(/商品名称/), name);
  await user.type(within(line(n)).getByLabelText(/国内快递单号/), shipment);
}

async function attachPdf(user: ReturnType<typeof userEvent.setup>) {
  const input = document.querySelector<HTMLInputElement>('input[type="file"]')!;
  await user.upload(input, new File(['%PDF-1.4'], 'label.pdf', { type: 'application/pdf' }));
  await screen.findByText(/已上传/);
}

describe('新建订单', () => {
  beforeEach(() => {
    emulateViewport(1280);
  });

  it('checks the required fields in Chinese before calling the server', async () => {
    const user = userEvent.setup();
    const { calls } = setup({}, [buildStore(), buildStore({ id: 12, storeName: '第二家店', site: 'MY' })]);
    await user.click(await screen.findByRole('button', { name: '提交订单' }));

    expect(await screen.findByText('请选择店铺')).toBeTruthy();
    expect(screen.getByText('请输入订单号')).toBeTruthy();
    expect(within(line(1)).getByText('请输入商品名称')).toBeTruthy();
    expect(within(line(1)).getByText('请输入国内快递单号')).toBeTruthy();
    expect(screen.getByText('虾皮官方物流需要上传面单 PDF')).toBeTruthy();
    expect(creates(calls)).toHaveLength(0);
  });

  it('requires the label PDF for 虾皮官方物流 and sends its guid, the store\'s site and every line', async () => {
    const user = userEvent.setup();
    const { calls, saved } = setup({ 'FrontOrder.createOrder': () => buildOrder({ id: 77 }) });
    // The only store and the only enabled warehouse are chosen already; the site follows the store.
    expect((await screen.findByLabelText('站点') as HTMLInputElement).value).toBe('台湾');
    await user.type(screen.getByLabelText(/订单号/), '240506ABCDEF');
    await fillLine(user, 1, '蓝牙耳机', 'YT1234567890');
    await user.click(screen.getByRole('button', { name: '添加商品' }));
    // Written as the seller copies it: the number is sent normalised (no spaces, upper case).
    await fillLine(user, 2, '充电线', 'sf 0987 654321');

    await user.click(screen.getByRole('button', { name: '提交订单' }));
    expect(await screen.findByText('虾皮官方物流需要上传面单 PDF')).toBeTruthy();
    expect(creates(calls)).toHaveLength(0);

    await attachPdf(user);
    expect(screen.queryByText('虾皮官方物流需要上传面单 PDF')).toBeNull();
    await user.click(screen.getByRole('button', { name: '提交订单' }));
    await waitFor(() => expect(saved).toEqual([77]));
    expect(creates(calls)[0]!.body).toMatchObject({
      orderNumber: '240506ABCDEF', storeId: 11, site: 'TW', warehouseInfoId: 1, orderType: 1, cargoCategory: 1, shippingMethods: 1, pdfGuid: PDF_GUID,
      orderProductInfosList: [
        { productName: '蓝牙耳机', quantity: 1, shipment: 'YT1234567890' },
        { productName: '充电线', quantity: 1, shipment: 'SF0987654321' },
      ],
    });
  });

  it('puts a 400\'s messages next to the right line\'s field, and shows a 409\'s sentence', async () => {
    const user = userEvent.setup();
    let answer = new ApiError('您的请求无效!', 'http', 400, null, [
      { message: '该快递单号已被其他卖家申报', members: ['orderProductInfosList[1].shipment'] },
      { message: '订单号已存在', members: ['orderNumber'] },
    ]);
    const { saved } = setup({ 'FrontOrder.createOrder': () => { throw answer; } });
    await user.type(await screen.findByLabelText(/订单号/), '240506ABCDEF');
    await fillLine(user, 1, '蓝牙耳机', 'YT1234567890');
    await user.click(screen.getByRole('button', { name: '添加商品' }));
    await fillLine(user, 2, '充电线', 'SF0987654321');
    await attachPdf(user);

    await user.click(screen.getByRole('button', { name: '提交订单' }));
    expect(await within(line(2)).findByText('该快递单号已被其他卖家申报')).toBeTruthy();
    expect(within(line(1)).queryByText('该快递单号已被其他卖家申报')).toBeNull();
    expect(within(line(2)).getByLabelText(/国内快递单号/).getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('订单号已存在')).toBeTruthy();

    answer = new ApiError('店铺已停用，不能下单', 'http', 409);
    await user.click(screen.getByRole('button', { name: '提交订单' }));
    expect((await screen.findByRole('alert')).textContent).toContain('店铺已停用，不能下单');
    expect(saved).toEqual([]);
  });

  it('edits an order: loads its values and sends UpdateOrder with its id', async () => {
    const user = userEvent.setup();
    const order = buildOrder({ shippingMethods: 2, reMark: '轻拿轻放' });
    const { calls, saved } = setup({
      'FrontOrder.getOrderInfo': () => ({ ...order, parcels: [], audit: [] }),
      'FrontOrder.updateOrder': () => order,
    }, [buildStore()], order.id);
    expect(await screen.findByRole('form', { name: '编辑订单' })).toBeTruthy();
    expect((screen.getByLabelText(/订单号/) as HTMLInputElement).value).toBe(order.orderNumber);
    const qty = within(line(1)).getByLabelText(/数量/);
    await user.clear(qty);
    await user.type(qty, '5');
    await user.click(screen.getByRole('button', { name: '保存' }));
    await waitFor(() => expect(saved).toEqual([order.id]));
    const update = calls.find((c) => c.action === 'updateOrder')!;
    expect(update.body).toMatchObject({ id: order.id, shippingMethods: 2, reMark: '轻拿轻放', orderProductInfosList: [{ productName: '蓝牙耳机', quantity: 5, shipment: 'YT1234567890' }] });
  });
});
