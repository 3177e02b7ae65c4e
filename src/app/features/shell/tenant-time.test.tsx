// Issue 44 §8: the scan log and the notices show times in the tenant's time zone (Asia/Shanghai by
// default), as the lists do — not in whatever zone the browser happens to be in.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { NotificationDto } from '#shared/contracts/notification.ts';
import { createFakeApi, renderWithProviders } from '../../test/render.tsx';
import { fakeConfiguration } from '../../lib/test-config.ts';
import { NoticePanel } from './notice-panel.tsx';
import { ScanHistory } from '../inbound-station/scan-history.tsx';
import { formatDateTime } from '../../components/list-page/format.ts';

// A browser far from the warehouse: 00:30Z is 19:30 the day before in New York, 08:30 in Shanghai.
const previousTz = process.env.TZ;
beforeAll(() => { process.env.TZ = 'America/New_York'; });
afterAll(() => { if (previousTz === undefined) delete process.env.TZ; else process.env.TZ = previousTz; });

const AT = '2026-11-22T00:30:05Z';

describe('times in the tenant zone (issue 44 §8)', () => {
  it('a notice shows its time as the lists do', async () => {
    const notice: NotificationDto = { id: 1, type: 0, isRead: false, title: '到货通知', description: '', creationTime: AT };
    const { api } = createFakeApi({
      'AbpUserConfiguration.getAll': () => fakeConfiguration({ userId: 2, tenantId: 1 }),
      'Notification.getUserNotifications': () => ({ totalCount: 1, unreadCount: 1, items: [notice] }),
    });
    renderWithProviders(<NoticePanel />, { api });
    await userEvent.click(await screen.findByRole('button', { name: '消息中心' }));
    await waitFor(() => expect(screen.getByTestId('notice-item').textContent).toContain('2026-11-22 08:30'));
    expect(formatDateTime(AT)).toBe('2026-11-22 08:30');
  });

  it('the inbound scan log shows the warehouse clock', () => {
    renderWithProviders(<ScanHistory entries={[{ id: 1, time: new Date(AT), shipment: 'YT9990001111', outcome: { kind: 'network' } }]} />);
    const row = screen.getByTestId('scan-history-row');
    expect(row.textContent).toContain('08:30:05');
    expect(row.textContent).not.toContain('19:30');
  });
});
