import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { StockOrderDto } from '#shared/contracts/stock-orders.ts';
import { zhHans } from '#shared/i18n/zh-Hans.ts';
import { fakeConfiguration } from '../../lib/test-config.ts';
import { createFakeApi, renderWithProviders } from '../../test/render.tsx';
import { PickPackPage } from './pick-pack-page.tsx';

const ORDER = {
  id: 9, tradeNo: 'ST26112400001', orderNumber: 'SHOPEE-1', userId: 3, userCode: 'S00001', storeId: 2, storeName: '小店', warehouseInfoId: 1, warehouseName: '义乌仓',
  site: 'TW', orderType: 3, cargoCategory: 1, shippingMethods: 2, orderStatus: 1, packageStatus: 2, isUrgent: false, reMark: null, pdfGuid: null, holdReason: null,
  shelfNumber: null, creationTime: '2026-11-24T02:00:00Z', lastModificationTime: null, orderProductInfosList: [],
  items: [
    { stockProductId: 5, productSku: 'SKU-A', productName: '手机壳', barCode: 'SP00000005', shelfPosition: 'A-01-01', quantity: 2, combinationId: null, combinationSku: null },
    { stockProductId: 6, productSku: 'SKU-B', productName: '数据线', barCode: 'SP00000006', shelfPosition: 'A-01-02', quantity: 1, combinationId: null, combinationSku: null },
  ],
} satisfies StockOrderDto;

const scan = async (code: string) => userEvent.type(screen.getByTestId('scan-input'), `${code}{Enter}`);
const verdict = () => screen.getByTestId('pick-verdict').getAttribute('data-verdict');

describe('拣货打包', () => {
  it('opens an order by its trade number, refuses a wrong product and an extra unit, and confirms with the scans', async () => {
    localStorage.clear();
    const { api, calls } = createFakeApi({
      'AbpUserConfiguration.getAll': () => fakeConfiguration({ userId: 1, tenantId: 1, values: zhHans }),
      'BackStockOrder.getPickList': () => ({ items: [ORDER] }),
      'BackStockOrder.stockOrderBale': () => ({ ...ORDER, packageStatus: 3 }),
    });
    renderWithProviders(<PickPackPage />, { api });
    await waitFor(() => expect(screen.getByTestId('pick-waiting').textContent).toContain('1'));

    await scan('ST26112499999');
    expect(verdict()).toBe('unknown-order');
    await scan(ORDER.tradeNo);
    expect(verdict()).toBe('opened');
    await scan('SP00000099');
    expect(verdict()).toBe('wrong');
    await scan('SP00000006');
    await scan('SP00000006');
    expect(verdict()).toBe('extra');
    expect((screen.getByTestId('pick-confirm') as HTMLButtonElement).disabled).toBe(true);
    await scan('SP00000005');
    await scan('SP00000005');
    expect(verdict()).toBe('complete');

    await userEvent.click(screen.getByTestId('pick-confirm'));
    await waitFor(() => expect(verdict()).toBe('packed'));
    const bale = calls.filter((c) => c.action === 'stockOrderBale');
    expect(bale).toHaveLength(1);
    expect(bale[0]!.body).toEqual({ tradeNo: ORDER.tradeNo, items: expect.arrayContaining([{ barCode: 'SP00000005', quantity: 2 }, { barCode: 'SP00000006', quantity: 1 }]) });
    // Done here: the order leaves the list on this device.
    expect(screen.getByTestId('pick-waiting').textContent).toContain('0');
  });
});
