// 关闭批次并出库 on a batch's page asks first, naming how many orders ship (issue 44 item 5): nothing
// ships on the first tap, 取消 ships nothing, 确定 closes the batch once.
import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createApiClient, type ApiRequest } from '#shared/api-client.ts';
import type { DeliveryBatchDto } from '#shared/contracts/stock-out.ts';
import { renderWithProviders } from '../../test/render.tsx';
import { fakeConfiguration } from '../../lib/test-config.ts';
import { ReceiptBatchPage } from './receipt-pages.tsx';

const batch: DeliveryBatchDto = {
  id: 1, batchName: 'B20261129-01', storeId: 4, storeName: '小店', userCode: 'S00001', logisticMethod: '黑猫宅急便', isClosed: false,
  count: 3, totalWeight: 2.5, closedTime: null, closedUserName: null, creationTime: '2026-11-29T01:00:00Z',
};

function receiptApi() {
  const calls: ApiRequest[] = [];
  const api = createApiClient(async (request) => {
    calls.push(request);
    switch (`${request.service}.${request.action}`) {
      case 'AbpUserConfiguration.getAll': return fakeConfiguration({ userId: 1, tenantId: 1 });
      case 'DeliveryReceipt.getBatchList': return { items: [batch] };
      case 'DeliveryReceipt.getBatchNumberList': return { items: [] };
      case 'DeliveryReceipt.closeBatch': return { ...batch, isClosed: true };
      default: throw new Error(`unexpected ${request.service}.${request.action}`);
    }
  });
  return { api, closes: () => calls.filter((c) => c.action === 'closeBatch') };
}

describe('ReceiptBatchPage', () => {
  it('asks before 关闭并出库, naming the orders that will ship; 取消 ships nothing, 确定 closes once', async () => {
    const { api, closes } = receiptApi();
    renderWithProviders(<ReceiptBatchPage storeId={4} batchName="B20261129-01" />, { api });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: '关闭并出库' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('将出库 3 单');
    expect(closes()).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: '取消' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(closes()).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: '关闭并出库' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: '确定' }));
    await waitFor(() => expect(closes()).toHaveLength(1));
    expect(closes()[0]!.body).toMatchObject({ storeId: 4, batchName: 'B20261129-01' });
  });
});
