// The station's REJECT verdict (DOMAIN §6): big and red, nothing signed, and 确认拒收 runs
// BackExpressRejectionReturn/ConfirmRejection for the pending request.
import { beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createApiClient, type ApiRequest } from '#shared/api-client.ts';
import type { ParcelDto } from '#shared/contracts/orders.ts';
import { renderWithProviders } from '../../test/render.tsx';
import { ApiError } from '../../lib/api.ts';
import { fakeConfiguration } from '../../lib/test-config.ts';
import { InboundStationPage } from './inbound-station-page.tsx';
import { STATION_WAREHOUSE_KEY } from '../../lib/station-warehouse.ts';

const warehouse = { id: 7, warehouseName: '义乌仓', kind: 1 as const, warehouseCityId: null, cityName: null, site: null, address: '', contactName: '', phone: '', isEnabled: true, creationTime: '2026-01-01T00:00:00Z' };

const parcel = (shipment: string): ParcelDto => ({
  id: 9, shipment, warehouseInfoId: 7, warehouseName: '义乌仓', userId: 3, userCode: 'S00001', orderId: null, orderType: null,
  receiveStatus: 0, signForTime: null, signUserName: null, shelfNumber: null, weight: null, reMark: null, imageGuid: null,
  goodsImageGuid: null, userUploadImageGuid: null, isNeedTakePicture: false, creationTime: '2026-03-02T06:05:00Z',
});

const rejection = (id: number, handleStatus: number) => ({
  id, shipment: 'YT4000', expressCompany: '中通快递', warehouseInfoId: 7, warehouseName: '义乌仓', userId: 3, userCode: 'S00001', handleType: 1, handleStatus,
  reMark: null, recipientName: null, receiptPhone: null, receiptAddress: null, reason: null, rejectionTime: handleStatus === 1 ? '2026-03-02T06:06:00Z' : null,
  revokedTime: null, creationTime: '2026-03-01T00:00:00Z',
});

function stationApi(confirm: (id: number) => unknown, sign?: (shipment: string) => unknown) {
  const calls: ApiRequest[] = [];
  const api = createApiClient(async (request) => {
    calls.push(request);
    switch (`${request.service}.${request.action}`) {
      case 'AbpUserConfiguration.getAll': return fakeConfiguration({ userId: 1, tenantId: 1 });
      case 'WarehouseInfo.getWarehouseInfoList': return { totalCount: 1, items: [warehouse] };
      case 'Logistics.signByScan':
        if (sign) return sign(String(request.body!.shipment));
        return { action: 'REJECT', rejection: { id: 41, userCode: 'S00001', reMark: '发错货' }, parcel: parcel(String(request.body!.shipment)), order: null, userCode: 'S00001', shelfNumber: null };
      case 'BackExpressRejectionReturn.confirmRejection': return confirm(Number(request.body!.id));
      default: throw new Error(`no handler for ${request.service}.${request.action}`);
    }
  });
  return { api, calls };
}

const box = () => screen.getByTestId('scan-input') as HTMLInputElement;
const verdict = () => screen.getByTestId('scan-verdict');

async function scanReject() {
  await waitFor(() => expect((screen.getByLabelText('签收仓库') as HTMLSelectElement).selectedOptions[0]?.textContent).toBe('义乌仓'));
  await userEvent.type(box(), 'YT4000{Enter}');
  await waitFor(() => expect(verdict().dataset.verdict).toBe('REJECT'));
}

describe('包裹签收 station: 拒收', () => {
  beforeEach(() => {
    localStorage.clear();
    localStorage.setItem(STATION_WAREHOUSE_KEY, '7');
  });

  it('shows REJECT big and red without a slot, and 确认拒收 confirms the pending request', async () => {
    const { api, calls } = stationApi((id) => rejection(id, 1));
    renderWithProviders(<InboundStationPage />, { api });
    await scanReject();
    expect(within(verdict()).getByText('拒收')).toBeTruthy();
    expect(within(verdict()).getByText(/不要入库/)).toBeTruthy();
    expect(within(verdict()).queryByTestId('verdict-shelf')).toBeNull();
    expect(screen.getByTestId('count-signed').textContent).toBe('0');

    await userEvent.click(within(verdict()).getByTestId('confirm-rejection'));
    await waitFor(() => expect(within(verdict()).getByTestId('rejection-done').textContent).toBe('已拒收'));
    const confirmCalls = calls.filter((c) => c.action === 'confirmRejection');
    expect(confirmCalls).toHaveLength(1);
    expect(confirmCalls[0]!.body).toEqual({ id: 41 });
    expect(within(verdict()).queryByTestId('confirm-rejection')).toBeNull();
  });

  it('shows the server\'s refusal when the request can no longer be confirmed', async () => {
    const { api } = stationApi(() => {
      throw new ApiError('只有待处理的拒收申请可以确认拒收', 'http', 409);
    });
    renderWithProviders(<InboundStationPage />, { api });
    await scanReject();
    await userEvent.click(within(verdict()).getByTestId('confirm-rejection'));
    await waitFor(() => expect(within(verdict()).getByTestId('rejection-error').textContent).toBe('只有待处理的拒收申请可以确认拒收'));
    expect(within(verdict()).queryByTestId('rejection-done')).toBeNull();
  });

  it('a rescan of a parcel already refused says 已拒收, not 已签收过 (it was never signed in)', async () => {
    const { api } = stationApi(() => rejection(41, 1), (shipment) => ({
      action: 'ALREADY', rejection: null, parcel: { ...parcel(shipment), receiveStatus: 3 }, order: null, userCode: 'S00001', shelfNumber: null,
    }));
    renderWithProviders(<InboundStationPage />, { api });
    await waitFor(() => expect((screen.getByLabelText('签收仓库') as HTMLSelectElement).selectedOptions[0]?.textContent).toBe('义乌仓'));
    await userEvent.type(box(), 'YT4000{Enter}');
    await waitFor(() => expect(verdict().dataset.verdict).toBe('ALREADY'));
    expect(within(verdict()).getByText('已拒收')).toBeTruthy();
    expect(within(verdict()).getByText(/此包裹已拒收/)).toBeTruthy();
    expect(within(verdict()).queryByText('已签收过')).toBeNull();
  });
});
