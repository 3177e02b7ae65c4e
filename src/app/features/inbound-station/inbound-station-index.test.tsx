// 包裹签收 offline with the station's index of expected parcels (issue 45 item 2): the index is loaded
// while online; an offline scan of a declared number says 已离线，已排队 with the seller code and the
// order's slot, marked 未确认; the replay's answer replaces it, and where it differs the panel says how.
import 'fake-indexeddb/auto';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createApiClient } from '#shared/api-client.ts';
import { renderWithProviders } from '../../test/render.tsx';
import { fakeConfiguration } from '../../lib/test-config.ts';
import { configureOutbox } from '../../lib/outbox/index.ts';
import { InboundStationPage } from './inbound-station-page.tsx';
import { STATION_WAREHOUSE_KEY } from '../../lib/station-warehouse.ts';

const warehouse = { id: 7, warehouseName: '义乌仓', kind: 1 as const, warehouseCityId: null, cityName: null, site: null, address: '', contactName: '', phone: '', isEnabled: true, creationTime: '2026-01-01T00:00:00Z' };

/** What the replay answers: signed for S00042 in slot B-03 (YT90003: S00007, given the new slot H0031). */
const signedResult = (shipment: string) => ({
  action: 'SIGNED', order: null, userCode: shipment === 'YT90003' ? 'S00007' : 'S00042', shelfNumber: shipment === 'YT90003' ? 'H0031' : 'B-03',
  parcel: {
    id: 1, shipment, warehouseInfoId: 7, warehouseName: '义乌仓', userId: 3, userCode: 'S00042', orderId: 5, orderType: 2, receiveStatus: 1,
    signForTime: '2026-03-02T06:05:00Z', signUserName: 'admin', shelfNumber: 'B-03', weight: null, reMark: null, imageGuid: null, goodsImageGuid: null,
    userUploadImageGuid: null, isNeedTakePicture: false, creationTime: '2026-03-02T06:05:00Z',
  },
});

const index = {
  rows: [
    { n: 'YT90001', u: 'S00042', o: 5, t: 'CB2603020001', s: 'B-03', k: 'd', w: 7 },
    { n: 'YT90002', u: 'S00042', o: 6, t: 'CB2603020002', s: 'H0009', k: 'd', w: 7 },
    { n: 'YT90003', u: 'S00007', o: 8, t: 'CB2603020003', s: null, k: 'd', w: null },
    // An order on hold (问题件, issue 45 §12).
    { n: 'YT90004', u: 'S00042', o: 9, t: 'CB2603020004', s: 'B-03', k: 'd', w: 7, h: '面单模糊' },
  ],
  removed: [], refusals: [], next: null, watermark: '2026-03-02T06:00:00.000Z', reset: false,
};

let online = true;
const server: string[] = [];

beforeAll(() => {
  localStorage.setItem(STATION_WAREHOUSE_KEY, '7');
  configureOutbox({ getToken: () => 'tok', getTenantId: () => 1, getCulture: () => 'zh-Hans', getOwner: () => '1:1' });
  vi.spyOn(navigator, 'onLine', 'get').mockImplementation(() => online);
  vi.stubGlobal('fetch', vi.fn(async (_url: string, init: RequestInit) => {
    const body = JSON.parse(String(init.body)) as { shipment: string };
    server.push(body.shipment);
    return new Response(JSON.stringify({ success: true, result: signedResult(body.shipment) }), { status: 200 });
  }));
});

const box = () => screen.getByTestId('scan-input') as HTMLInputElement;
const verdict = () => screen.getByTestId('scan-verdict');

describe('包裹签收 offline, with the station\'s index', () => {
  it('says seller code and slot (未确认, 已排队); the replay confirms it or names the difference', async () => {
    const api = createApiClient(async (request) => {
      switch (`${request.service}.${request.action}`) {
        case 'AbpUserConfiguration.getAll': return fakeConfiguration({ userId: 1, tenantId: 1 });
        case 'WarehouseInfo.getWarehouseInfoList': return { totalCount: 1, items: [warehouse] };
        case 'FloorIndex.getExpected': return index;
        default: throw new Error(`no handler for ${request.service}.${request.action}`);
      }
    });
    renderWithProviders(<InboundStationPage />, { api });
    await waitFor(() => expect(screen.getByTestId('floor-index-status').dataset.count).toBe('4'), { timeout: 5000 });

    online = false;
    // An order on hold: the hold is said offline too, before the seller code and slot.
    await userEvent.type(box(), 'YT90004{Enter}');
    await waitFor(() => expect(within(verdict()).queryByTestId('verdict-unconfirmed')).toBeTruthy());
    expect(within(verdict()).getByTestId('verdict-hold').textContent).toBe('问题件：面单模糊');
    expect(within(verdict()).getByTestId('verdict-shelf').textContent).toBe('B-03');
    // A number whose order has its slot: the slot; the replay agrees.
    await userEvent.type(box(), 'YT90001{Enter}');
    await waitFor(() => {
      expect(verdict().textContent).toContain('YT90001');
      expect(within(verdict()).queryByTestId('verdict-unconfirmed')).toBeTruthy();
    });
    expect(within(verdict()).queryByTestId('verdict-hold')).toBeNull();
    expect(verdict().getAttribute('role')).toBe('status');
    expect(verdict().textContent).toContain('YT90001');
    expect(verdict().textContent).toContain('已排队');
    expect(verdict().textContent).toContain('2 条待同步');
    expect(within(verdict()).getByTestId('verdict-user-code').textContent).toBe('S00042');
    expect(within(verdict()).getByTestId('verdict-shelf').textContent).toBe('B-03');
    expect(within(verdict()).getByTestId('verdict-trade-no').textContent).toBe('CB2603020001');
    // An order without a slot yet: 新库位，联网后分配.
    await userEvent.type(box(), 'YT90003{Enter}');
    await waitFor(() => expect(within(verdict()).getByTestId('verdict-user-code').textContent).toBe('S00007'));
    expect(within(verdict()).getByTestId('verdict-shelf').textContent).toBe('新库位，联网后分配');
    // The index says H0009, the replay will say B-03.
    await userEvent.type(box(), 'YT90002{Enter}');
    await waitFor(() => expect(within(verdict()).getByTestId('verdict-shelf').textContent).toBe('H0009'));
    expect(server).toEqual([]);

    online = true;
    window.dispatchEvent(new Event('online'));
    await waitFor(() => expect(verdict().dataset.verdict).toBe('SIGNED'), { timeout: 5000 });
    expect(within(verdict()).getByTestId('verdict-confirmed')).toBeTruthy();
    expect(within(verdict()).getByTestId('verdict-difference').textContent).toBe('离线判断 S00042 / H0009，实际 S00042 / B-03');
    expect(within(verdict()).getByTestId('verdict-shelf').textContent).toBe('B-03');
    // The scan log: the first agreed (no difference line), the last did not; the counter counts the replays.
    await waitFor(() => expect(screen.getAllByTestId('history-difference')).toHaveLength(1));
    expect(screen.getAllByTestId('history-difference')[0]!.textContent).toBe('离线判断 S00042 / H0009，实际 S00042 / B-03');
    await waitFor(() => expect(screen.getByTestId('count-signed').textContent).toBe('4'));
    expect(server.sort()).toEqual(['YT90001', 'YT90002', 'YT90003', 'YT90004']);
    // 最近同步 says it too (the guess kept by the scan's key).
    await waitFor(() => expect(screen.getAllByTestId('synced-difference').map((d) => d.textContent)).toEqual(['离线判断 S00042 / H0009，实际 S00042 / B-03']));
  });
});
