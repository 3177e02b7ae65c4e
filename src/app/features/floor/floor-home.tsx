// /floor — 作业首页, the floor staff's phone home: one big tile per floor screen they may open (the
// menu's 仓库作业 group, so a new floor screen appears here by declaring its route), and the scanner
// settings of this device. Mobile-first: 360 px wide, one hand, targets ≥ 56 px.
import { lazy, Suspense, useMemo, useState, type ReactNode } from 'react';
import { useRouter } from '@tanstack/react-router';
import { useSuspenseQuery } from '@tanstack/react-query';
import { Badge, Group, Loader, Paper, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import {
  IconAlertTriangle, IconCamera, IconChevronRight, IconClipboardCheck, IconPackage, IconPhotoCheck, IconScan, IconSettings, IconStack2, IconTruckReturn,
  IconWeight,
} from '@tabler/icons-react';
import { floorMenuItems, routeEntries, type MenuItem } from '../../lib/menu.ts';
import { grantedOf } from '../../lib/guard.ts';
import { useApi } from '../../lib/api.ts';
import { configurationQuery, sessionQuery } from '../../lib/queries.ts';
import { useT } from '../../lib/i18n.ts';
import { PathLink } from '../../components/path-link.tsx';
import { Columns } from '../../components/columns.tsx';
import { FLOOR_HOME_PATH } from '../../lib/constants.ts';

export { FLOOR_HOME_PATH };

const TILE_HINTS: Record<string, { hint: string; icon: ReactNode }> = {
  '/back/intoLogistics': { hint: '扫码签收到仓包裹', icon: <IconScan size={32} /> },
  '/takephone/uploadpackageimg': { hint: '按单号拍包裹和商品', icon: <IconCamera size={32} /> },
  '/takephone/logisticsphoto': { hint: '卖家要求拍照的包裹', icon: <IconPhotoCheck size={32} /> },
  '/takephone/abnormalphoto': { hint: '破损、错发，拍照并标记异常', icon: <IconAlertTriangle size={32} /> },
  '/back/packStation': { hint: '出库订单打包、称重', icon: <IconWeight size={32} /> },
  '/backstock/shelfStation': { hint: '扫商品条码，放上货架', icon: <IconStack2 size={32} /> },
  '/backstock/checkStation': { hint: '到货囤货：清点、拍照、通过或不通过', icon: <IconClipboardCheck size={32} /> },
  '/back/returnScan': { hint: '拒收订单、平台退货到仓登记', icon: <IconTruckReturn size={32} /> },
  '/backabroad/abroadreturnscan': { hint: '扫描海外仓买家退件，清点入库', icon: <IconPackage size={32} /> },
  '/backabroad/intoabroadLogistics': { hint: '扫码签收到海外仓的包裹', icon: <IconScan size={32} /> },
};
const PACK_ICON = <IconWeight size={32} />;

/** The floor screens this user may open, in menu order (the floor home itself left out). */
export function useFloorTiles(): MenuItem[] {
  const api = useApi();
  const router = useRouter();
  const { data: config } = useSuspenseQuery(configurationQuery(api));
  const { data: session } = useSuspenseQuery(sessionQuery(api));
  return useMemo(() => {
    const granted = grantedOf(config.auth.grantedPermissions);
    const side = session.user?.userType === 1 ? 'seller' : 'staff';
    return floorMenuItems(routeEntries(Object.values(router.routesById)), { granted, side }).filter((i) => i.path !== FLOOR_HOME_PATH);
  }, [config, session, router]);
}

// The settings form (NumberInput and its formatter) loads when opened: it is not needed to paint.
const ScannerSettingsForm = lazy(() => import('./scanner-settings-form.tsx').then((m) => ({ default: m.ScannerSettingsForm })));

function ScannerSettings() {
  const t = useT();
  const [open, setOpen] = useState(false);
  return (
    <Paper withBorder radius="md" p="sm">
      <UnstyledButton onClick={() => setOpen((o) => !o)} w="100%" mih={48} aria-expanded={open} data-testid="scanner-settings-toggle">
        <Group gap="xs"><IconSettings size={22} /><Text fw={600}>{t('扫码枪设置')}</Text></Group>
      </UnstyledButton>
      {open && <Suspense fallback={<Loader size="sm" mt="sm" />}><ScannerSettingsForm /></Suspense>}
    </Paper>
  );
}

/** What the outbox still holds (the shell's header has the badge with the list; this is the summary). */
export function FloorOutboxSummary({ waiting, attention }: { waiting: number; attention: number }) {
  const t = useT();
  if (waiting === 0 && attention === 0) return null;
  return (
    <Badge size="xl" radius="sm" variant="light" color={attention ? 'red' : 'indigo'} data-testid="floor-outbox">
      {t('{0} 待同步 · {1} 需处理', waiting, attention)}
    </Badge>
  );
}

export interface FloorHomeProps {
  tiles: MenuItem[];
  /** The outbox's "N 待同步 · M 需处理" badge, when the floor app has one. */
  badge?: ReactNode;
}

export function FloorHome({ tiles, badge }: FloorHomeProps) {
  const t = useT();
  return (
    <Stack gap="md" maw={560} mx="auto" data-testid="floor-home">
      <Group justify="space-between" align="center">
        <Title order={2}>{t('仓库作业')}</Title>
        {badge}
      </Group>
      {tiles.length === 0 && <Text c="dimmed">{t('没有可用的作业页面，请联系管理员分配权限')}</Text>}
      <Columns cols={{ base: 1, xs: 2 }} spacing="sm">
        {tiles.map((tile) => {
          const known = TILE_HINTS[tile.path];
          return (
            <Paper key={tile.path} component={PathLink} href={tile.path} withBorder radius="md" p="md" mih={88} data-testid="floor-tile"
              style={{ display: 'flex', alignItems: 'center', gap: 12, textDecoration: 'none', color: 'inherit' }}>
              <Text c="blue.7" component="span" style={{ display: 'flex' }}>{known?.icon ?? (/pack|weigh/i.test(tile.path) ? PACK_ICON : <IconPackage size={32} />)}</Text>
              <div style={{ flex: 1, minWidth: 0 }}>
                <Text fw={700} size="lg">{t(tile.title)}</Text>
                {known && <Text size="sm" c="dimmed">{t(known.hint)}</Text>}
              </div>
              <IconChevronRight size={22} />
            </Paper>
          );
        })}
      </Columns>
      <ScannerSettings />
    </Stack>
  );
}
