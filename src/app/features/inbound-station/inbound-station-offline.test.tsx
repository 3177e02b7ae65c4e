// The station without a network: scans go to the outbox (never a false verdict), say 已离线，已排队
// with the queue count, and their verdicts arrive in 最近同步 once the network is back.
import 'fake-indexeddb/auto';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createApiClient, type CallOptions } from '#shared/api-client.ts';
import { renderWithProviders } from '../../test/render.tsx';
import { ApiError } from '../../lib/api.ts';
import { fakeConfiguration } from '../../lib/test-config.ts';
import { configureOutbox, loadOutbox } from '../../lib/outbox/index.ts';
import { InboundStationPage } from './inbound-station-page.tsx';
import { STATION_WAREHOUSE_KEY } from '../../lib/station-warehouse.ts';

const warehouse = { id: 7, warehouseName: '义乌仓', kind: 1 as const, warehouseCityId: null, cityName: null, site: null, address: '', contactName: '', phone: '', isEnabled: true, creationTime: '2026-01-01T00:00:00Z' };

const signedResult = (shipment: string, action: string) => ({
  action, order: null, userCode: action === 'SIGNED' ? 'S00042' : null, shelfNumber: action === 'SIGNED' ? 'B-03' : null,
  parcel: {
    id: 1, shipment, warehouseInfoId: 7, warehouseName: '义乌仓', userId: null, userCode: null, orderId: null, orderType: null, receiveStatus: 1,
    signForTime: '2026-03-02T06:05:00Z', signUserName: 'admin', shelfNumber: null, weight: null, reMark: null, imageGuid: null, goodsImageGuid: null,
    userUploadImageGuid: null, isNeedTakePicture: false, creationTime: '2026-03-02T06:05:00Z',
  },
});

function stationApi(sign: (n: number) => unknown) {
  const signs: (CallOptions | undefined)[] = [];
  const api = createApiClient(async (request, options) => {
    switch (`${request.service}.${request.action}`) {
      case 'AbpUserConfiguration.getAll': return fakeConfiguration({ userId: 1, tenantId: 1 });
      case 'WarehouseInfo.getWarehouseInfoList': return { totalCount: 1, items: [warehouse] };
      case 'Logistics.signByScan':
        signs.push(options);
        return sign(signs.length);
      default: throw new Error(`no handler for ${request.service}.${request.action}`);
    }
  });
  return { api, signs };
}

let online = true;
const server: { url: string; key: string; body: { shipment: string } }[] = [];

beforeAll(() => {
  configureOutbox({ getToken: () => 'tok', getTenantId: () => 1, getCulture: () => 'zh-Hans', getOwner: () => '1:1' });
  vi.spyOn(navigator, 'onLine', 'get').mockImplementation(() => online);
  vi.stubGlobal('fetch', vi.fn(async (url: string, init: RequestInit) => {
    const body = JSON.parse(String(init.body)) as { shipment: string };
    server.push({ url, key: (init.headers as Record<string, string>)['Idempotency-Key']!, body });
    const action = body.shipment.endsWith('1') ? 'SIGNED' : 'UNCLAIMED';
    return new Response(JSON.stringify({ success: true, result: signedResult(body.shipment, action) }), { status: 200 });
  }));
});

beforeEach(async () => {
  localStorage.clear();
  localStorage.setItem(STATION_WAREHOUSE_KEY, '7');
  online = true;
  server.length = 0;
  await (await loadOutbox()).db.entries.clear();
});

afterEach(() => { online = true; });

const box = () => screen.getByTestId('scan-input') as HTMLInputElement;
const verdict = () => screen.getByTestId('scan-verdict');
const ready = () => waitFor(() => expect((screen.getByLabelText('签收仓库') as HTMLSelectElement).selectedOptions[0]?.textContent).toBe('义乌仓'));

describe('包裹签收 offline', () => {
  it('queues scans made offline, says so with the count, and shows the verdicts after the network returns', async () => {
    const { api, signs } = stationApi(() => { throw new Error('must not be called offline'); });
    renderWithProviders(<InboundStationPage />, { api });
    await ready();
    online = false;
    await userEvent.type(box(), 'YT70001{Enter}');
    await waitFor(() => expect(verdict().dataset.verdict).toBe('queued'));
    expect(within(verdict()).getByText('已离线，已排队')).toBeTruthy();
    expect(within(verdict()).getByText(/1 条待同步/)).toBeTruthy();
    expect(box().value).toBe('');
    await userEvent.type(box(), 'YT70002{Enter}');
    await waitFor(() => expect(within(verdict()).getByText(/2 条待同步/)).toBeTruthy());
    expect(signs).toHaveLength(0);
    expect(server).toHaveLength(0);
    expect(screen.getByTestId('count-signed').textContent).toBe('0'); // no false verdict
    await waitFor(() => expect(screen.getByTestId('station-waiting').textContent).toBe('2 条待同步'));

    online = true;
    window.dispatchEvent(new Event('online'));
    await waitFor(() => expect(screen.getAllByTestId('synced-row')).toHaveLength(2));
    expect(server.map((s) => s.body.shipment)).toEqual(['YT70001', 'YT70002']);
    expect(new Set(server.map((s) => s.key)).size).toBe(2);
    const rows = screen.getAllByTestId('synced-row');
    expect(rows.map((r) => r.dataset.verdict)).toEqual(['UNCLAIMED', 'SIGNED']);
    expect(within(rows[1]!).getByText('S00042')).toBeTruthy();
    expect(screen.queryByTestId('station-waiting')).toBeNull();
  });

  it('a request that got no answer is queued under the key it was sent with (so the replay cannot sign twice)', async () => {
    const { api, signs } = stationApi(() => { throw new ApiError('未知错误', 'network', null); });
    renderWithProviders(<InboundStationPage />, { api });
    await ready();
    // The device believes it is online: the station sends the scan, which gets no answer, so it is
    // queued under the key that request carried. (Which of the station and the outbox reads
    // navigator.onLine first is up to the scheduler, so the network stays "up" throughout.)
    await userEvent.type(box(), 'YT80001{Enter}');
    await waitFor(() => expect(verdict().dataset.verdict).toBe('queued'));
    expect(signs).toHaveLength(1);
    window.dispatchEvent(new Event('online'));
    await waitFor(() => expect(server).toHaveLength(1));
    expect(server[0]!.body.shipment).toBe('YT80001');
    expect(server[0]!.key).toBe(signs[0]!.idempotencyKey);
  });

  it('scanning a number that is already waiting does not queue it twice', async () => {
    const { api } = stationApi(() => null);
    renderWithProviders(<InboundStationPage />, { api });
    await ready();
    online = false;
    await userEvent.type(box(), 'YT90001{Enter}');
    await waitFor(() => expect(verdict().dataset.verdict).toBe('queued'));
    await new Promise((r) => setTimeout(r, 2_100)); // past the 2 s repeat window
    await userEvent.type(box(), 'YT90001{Enter}');
    await waitFor(() => expect(screen.getAllByTestId('scan-history-row')).toHaveLength(2));
    expect(await (await loadOutbox()).db.entries.count()).toBe(1);
  });

  it('back online, a number still waiting in the outbox joins its row instead of overtaking it', async () => {
    const { api, signs } = stationApi(() => signedResult('YT91001', 'SIGNED'));
    renderWithProviders(<InboundStationPage />, { api });
    await ready();
    online = false;
    await userEvent.type(box(), 'YT91001{Enter}');
    await waitFor(() => expect(verdict().dataset.verdict).toBe('queued'));
    // The network is back but the outbox has not sent the row yet (held here): the rescan must not
    // be signed ahead of it.
    const outbox = await loadOutbox();
    const held = vi.spyOn(outbox, 'run').mockResolvedValue();
    online = true;
    await new Promise((r) => setTimeout(r, 2_100)); // past the 2 s repeat window
    await userEvent.type(box(), 'YT91001{Enter}');
    await waitFor(() => expect(screen.getAllByTestId('scan-history-row')).toHaveLength(2));
    await waitFor(() => expect(verdict().dataset.verdict).toBe('queued'));
    expect(signs).toHaveLength(0);
    expect(await outbox.db.entries.count()).toBe(1);
    held.mockRestore();
    window.dispatchEvent(new Event('online'));
    await waitFor(() => expect(server).toHaveLength(1));
    expect(server[0]!.body.shipment).toBe('YT91001');
  });
});
