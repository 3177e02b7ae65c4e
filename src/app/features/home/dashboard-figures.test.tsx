// The dashboard's figures: cards that open their lists with the list's filter, nothing for figures
// the user may not see, the seller's own side, and a live refetch when the floor works.
import { describe, expect, it } from 'vitest';
import type { ReactNode } from 'react';
import { screen, waitFor } from '@testing-library/react';
import { Outlet, RouterProvider, createMemoryHistory, createRootRoute, createRoute, createRouter } from '@tanstack/react-router';
import type { SellerSummaryDto, StaffSummaryDto } from '#shared/contracts/dashboard.ts';
import { createFakeApi, renderWithProviders, type FakeHandler } from '../../test/render.tsx';
import { fakeConfiguration } from '../../lib/test-config.ts';
import { realtimeHandler } from '../shell/realtime-bridge.tsx';
import { SellerDashboard, StaffDashboard } from './dashboard-figures.tsx';

const TODAY = '2026-11-24';
const days = (n = 14) => Array.from({ length: n }, (_, i) => `2026-11-${String(11 + i).padStart(2, '0')}`);

function staff(overrides: Partial<StaffSummaryDto> = {}): StaffSummaryDto {
  return {
    today: TODAY, signedIn: 3, packed: 2, weighed: 1, charged: 12.5, awaitingPhotos: 4, unclaimed: 5, owingFreight: 6, urgent: 7,
    days: days().map((day) => ({ day, signedIn: 0, packed: 0, weighed: 0, charged: 0 })), ...overrides,
  };
}

function renderWithRouter(ui: ReactNode, handlers: Record<string, FakeHandler>) {
  const root = createRootRoute({ component: () => <Outlet /> });
  const index = createRoute({ getParentRoute: () => root, path: '/', component: () => <>{ui}</> });
  const router = createRouter({ routeTree: root.addChildren([index]), history: createMemoryHistory() });
  const fake = createFakeApi({ 'AbpUserConfiguration.getAll': () => fakeConfiguration(), ...handlers });
  return { ...renderWithProviders(<RouterProvider router={router} />, { api: fake.api }), calls: fake.calls };
}

const card = (label: string) => screen.findByRole('link', { name: new RegExp(`^${label} `) });
const value = async (label: string) => (await card(label)).querySelector('[data-testid="figure-value"]')?.textContent;

describe('StaffDashboard', () => {
  it('shows each figure as a link to its list, filtered', async () => {
    renderWithRouter(<StaffDashboard />, { 'Dashboard.getStaffSummary': () => staff() });
    expect((await card('今日签收包裹')).getAttribute('href')).toBe(`/back/intologisticsrecord?dateFrom=${TODAY}&dateTo=${TODAY}`);
    expect(await value('今日签收包裹')).toBe('3');
    expect((await card('今日打包订单')).getAttribute('href')).toBe('/back/backOrderList?packageStatus=3');
    expect((await card('今日称重订单')).getAttribute('href')).toBe('/back/backOrderList?packageStatus=4');
    expect(await value('今日扣费积分')).toBe('12.50');
    expect((await card('今日扣费积分')).getAttribute('href')).toBe(`/back/flow?from=${TODAY}&to=${TODAY}`);
    expect((await card('待拍照包裹')).getAttribute('href')).toBe('/takephone/logisticsphoto');
    expect((await card('无主件')).getAttribute('href')).toBe('/back/logisticsList?receiveStatus=5');
    expect((await card('待补运费订单')).getAttribute('href')).toBe('/back/backOrderList?orderStatus=3');
    expect((await card('待处理催单')).getAttribute('href')).toBe('/backurgent/backurgentorderlist?status=0');
    expect(screen.getByText('近 14 天作业量')).toBeTruthy();
  });

  it('draws no card for a figure the user may not see', async () => {
    renderWithRouter(<StaffDashboard />, { 'Dashboard.getStaffSummary': () => staff({ charged: null, urgent: null }) });
    await card('今日签收包裹');
    expect(screen.queryByRole('link', { name: /^今日扣费积分 / })).toBeNull();
    expect(screen.queryByRole('link', { name: /^待处理催单 / })).toBeNull();
  });

  it('refetches its summary when the floor signs a parcel in, once per burst', async () => {
    let signedIn = 3;
    const { queryClient, calls } = renderWithRouter(<StaffDashboard />, { 'Dashboard.getStaffSummary': () => staff({ signedIn }) });
    expect(await value('今日签收包裹')).toBe('3');
    const summaries = () => calls.filter((c) => c.service === 'Dashboard').length;
    expect(summaries()).toBe(1);
    // Another query in the cache stays as it is: only the Dashboard key is invalidated.
    queryClient.setQueryData(['User', 'getAll', {}], { totalCount: 1, items: [] });
    const handler = realtimeHandler(queryClient, 200);
    signedIn = 4;
    handler.onMessage({ type: 'floorWork' });
    handler.onMessage({ type: 'floorWork' });
    handler.onMessage({ type: 'floorWork' });
    await waitFor(async () => expect(await value('今日签收包裹')).toBe('4'));
    // The first of the burst at once, the rest folded into one more at its end.
    await waitFor(() => expect(summaries()).toBe(3));
    await new Promise((r) => setTimeout(r, 450));
    expect(summaries()).toBe(3);
    expect(queryClient.getQueryState(['User', 'getAll', {}])?.isInvalidated).toBe(false);
    handler.stop();
  });
});

describe('SellerDashboard', () => {
  it('shows the seller balance, orders by state, today\'s parcels and what each charge cost', async () => {
    const summary: SellerSummaryDto = {
      today: TODAY, balance: 87.6, arrivedToday: 2, spentToday: 12.4,
      ordersByStatus: [{ orderStatus: 1, count: 4 }, { orderStatus: 3, count: 1 }],
      spentByChannel: [{ channel: 3, amount: 4.4 }, { channel: 4, amount: 8 }],
      days: days().map((day) => ({ day, arrived: 0, spent: 0 })),
    };
    renderWithRouter(<SellerDashboard />, { 'Dashboard.getSellerSummary': () => summary });
    expect(await value('积分余额')).toBe('87.60');
    expect(await screen.findByText('今日到仓包裹')).toBeTruthy();
    expect(await value('今日花费积分')).toBe('12.40');
    const pending = await screen.findByRole('link', { name: /^订单状态 .* 4$/ });
    expect(pending.getAttribute('href')).toBe('/front/orderList?orderStatus=1');
    const freight = await screen.findByRole('link', { name: /^今日各项费用 .* 8\.00$/ });
    expect(freight.getAttribute('href')).toBe(`/amount/amountList?channel=4&from=${TODAY}&to=${TODAY}`);
  });
});
