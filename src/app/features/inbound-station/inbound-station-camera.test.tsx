// Camera mode on 包裹签收 (issue 45 §5), with a fake decoder in place of html5-qrcode: the verdict is
// shown over the camera's picture (role="status", with the number), and a label held in view is
// signed once however often the decoder reads it; after it left the view it counts again.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createApiClient } from '#shared/api-client.ts';
import type { SignResultDto } from '#shared/contracts/orders.ts';
import { renderWithProviders } from '../../test/render.tsx';
import { fakeConfiguration } from '../../lib/test-config.ts';
import { STATION_WAREHOUSE_KEY } from '../../lib/station-warehouse.ts';
import { LEAVE_VIEW_MS } from '../../lib/scanner/in-view.ts';
import { InboundStationPage } from './inbound-station-page.tsx';

const camera = vi.hoisted(() => ({ decode: null as ((text: string) => void) | null }));
vi.mock('../../lib/scanner/camera-engine.ts', () => ({
  startCamera: (options: { onDecode: (text: string) => void; onStarted?: () => void }) => {
    camera.decode = options.onDecode;
    queueMicrotask(() => options.onStarted?.());
    return { stop: async () => { camera.decode = null; } };
  },
}));

const warehouse = { id: 7, warehouseName: '义乌仓', kind: 1 as const, warehouseCityId: null, cityName: null, site: null, address: '', contactName: '', phone: '', isEnabled: true, creationTime: '2026-01-01T00:00:00Z' };

function signedAnswer(shipment: string, first: boolean): SignResultDto {
  return {
    action: first ? 'SIGNED' : 'ALREADY', order: null, userCode: 'S00001', shelfNumber: 'A-12',
    parcel: {
      id: 1, shipment, warehouseInfoId: 7, warehouseName: '义乌仓', userId: 3, userCode: 'S00001', orderId: null, orderType: null, receiveStatus: 1,
      signForTime: '2026-03-02T06:05:00Z', signUserName: 'admin', shelfNumber: 'A-12', weight: null, reMark: null, imageGuid: null, goodsImageGuid: null,
      userUploadImageGuid: null, isNeedTakePicture: false, creationTime: '2026-03-02T06:05:00Z',
    },
  };
}

function stationApi() {
  const signed: string[] = [];
  const api = createApiClient(async (request) => {
    switch (`${request.service}.${request.action}`) {
      case 'AbpUserConfiguration.getAll': return fakeConfiguration({ userId: 1, tenantId: 1 });
      case 'WarehouseInfo.getWarehouseInfoList': return { totalCount: 1, items: [warehouse] };
      case 'Logistics.signByScan': {
        const shipment = String(request.body!.shipment);
        const first = !signed.includes(shipment);
        signed.push(shipment);
        return signedAnswer(shipment, first);
      }
      default: throw new Error(`no handler for ${request.service}.${request.action}`);
    }
  });
  return { api, signed };
}

describe('包裹签收 in camera mode', () => {
  let clock = 1_000_000;
  beforeEach(() => {
    localStorage.clear();
    localStorage.setItem(STATION_WAREHOUSE_KEY, '7');
    clock = 1_000_000;
    vi.spyOn(Date, 'now').mockImplementation(() => clock);
  });
  afterEach(() => vi.restoreAllMocks());

  it('shows the verdict over the camera view, and a code held in view is signed once', async () => {
    const { api, signed } = stationApi();
    renderWithProviders(<InboundStationPage />, { api });
    await waitFor(() => expect((screen.getByLabelText('签收仓库') as HTMLSelectElement).value).toBe('7'));
    await userEvent.click(screen.getByTestId('camera-toggle'));
    await waitFor(() => expect(screen.getByTestId('camera-view').dataset.state).toBe('live'));
    // Camera mode: no verdict below the fields before the first scan (the picture is where the eyes are).
    expect(screen.queryByTestId('scan-verdict')).toBeNull();

    // The label is held in front of the camera for 6 s: read 10 times a second.
    for (let i = 0; i < 60; i++) {
      act(() => camera.decode!('yt5000'));
      clock += 100;
    }
    const overlay = await screen.findByTestId('camera-overlay');
    await waitFor(() => expect(within(overlay).getByRole('status').dataset.verdict).toBe('SIGNED'));
    const status = within(overlay).getByRole('status');
    expect(status.textContent).toContain('YT5000');
    expect(status.textContent).toContain('已签收');
    expect(status.textContent).toContain('S00001');
    expect(signed).toEqual(['YT5000']);
    expect(screen.getByTestId('count-signed').textContent).toBe('1');
    expect(screen.getByTestId('count-repeated').textContent).toBe('0');
    // One verdict on the screen: the one over the camera.
    expect(screen.getAllByRole('status')).toHaveLength(1);

    // A new label counts at once; the first one shown again after it left the view counts again.
    act(() => camera.decode!('YT6000'));
    await waitFor(() => expect(within(screen.getByTestId('camera-overlay')).getByRole('status').textContent).toContain('YT6000'));
    clock += LEAVE_VIEW_MS + 500;
    act(() => camera.decode!('YT5000'));
    await waitFor(() => expect(signed).toEqual(['YT5000', 'YT6000', 'YT5000']));
    await waitFor(() => expect(within(screen.getByTestId('camera-overlay')).getByRole('status').dataset.verdict).toBe('ALREADY'));

    // Camera off: the verdict is back in its place below the fields.
    await userEvent.click(screen.getByTestId('camera-toggle'));
    expect(screen.queryByTestId('camera-overlay')).toBeNull();
    expect(screen.getByTestId('scan-verdict').textContent).toContain('YT5000');
  });
});
