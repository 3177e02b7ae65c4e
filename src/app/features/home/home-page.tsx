// 首页 (/main/home): who is signed in, for which company, and a few figures and shortcuts. Staff see
// the totals their permissions allow; a seller sees their seller code (written on every parcel they
// send in) and shortcuts to their own screens.
import type { ReactNode } from 'react';
import { Badge, Card, CopyButton, Group, Paper, SimpleGrid, Skeleton, Stack, Text, ThemeIcon, Title, Tooltip, UnstyledButton } from '@mantine/core';
import { useQuery, type QueryKey, type UseQueryOptions } from '@tanstack/react-query';
import {
  IconBuildingStore, IconBuildingWarehouse, IconChevronRight, IconCoin, IconCopy, IconCheck, IconListDetails, IconPackages,
  IconPlus, IconShieldLock, IconUserCircle, IconUsers, IconUsersGroup, IconBuildingSkyscraper,
} from '@tabler/icons-react';
import { USER_TYPE } from '#shared/permissions.ts';
import { useApi } from '../../lib/api.ts';
import { configurationQuery, sessionQuery } from '../../lib/queries.ts';
import { useT } from '../../lib/i18n.ts';
import { PathLink } from '../../components/path-link.tsx';
import { DEFAULT_TIME_ZONE } from '../../components/list-page/index.ts';
import { roleCountQuery, tenantCountQuery, userCountQuery, warehouseCountQuery } from './home-queries.ts';
import { FigureCard, SellerDashboard, StaffDashboard } from './dashboard-figures.tsx';

interface Shortcut { href: string; label: string; description: string; icon: ReactNode; permission?: string }

const STAFF_SHORTCUTS: Shortcut[] = [
  { href: '/setting/user', label: '用户管理', description: '员工与卖家账号、角色、重置密码', icon: <IconUsers size={20} />, permission: 'Pages.Users' },
  { href: '/setting/role', label: '角色管理', description: '角色及其权限', icon: <IconShieldLock size={20} />, permission: 'Pages.Roles' },
  { href: '/setting/tenant', label: '租户管理', description: '仓储公司（租户）', icon: <IconBuildingSkyscraper size={20} />, permission: 'Pages.Tenants' },
];

const SELLER_SHORTCUTS: Shortcut[] = [
  { href: '/front/order', label: '创建跨境订单', description: '录入 Shopee 订单并打印面单', icon: <IconPlus size={20} />, permission: 'Front.Orders' },
  { href: '/front/orderList', label: '我的订单', description: '查看订单状态与物流', icon: <IconListDetails size={20} />, permission: 'Front.Orders' },
  { href: '/frontstock/stocklist', label: '我的囤货', description: '仓库中的囤货与库存', icon: <IconPackages size={20} />, permission: 'Front.Stock' },
  { href: '/amount/recharge', label: '积分充值', description: '余额与充值', icon: <IconCoin size={20} />, permission: 'Front.Amount' },
  { href: '/authorizationshops/authorizationshoplist', label: '店铺授权', description: '授权 Shopee 店铺', icon: <IconBuildingStore size={20} />, permission: 'Front.Shops' },
];

function greeting(now = new Date()): string {
  const hour = Number(new Intl.DateTimeFormat('en-GB', { hour: 'numeric', hourCycle: 'h23', timeZone: DEFAULT_TIME_ZONE }).format(now));
  if (hour < 6) return '夜深了';
  if (hour < 12) return '上午好';
  if (hour < 18) return '下午好';
  return '晚上好';
}

export function HomePage() {
  const t = useT();
  const api = useApi();
  const session = useQuery(sessionQuery(api));
  const config = useQuery(configurationQuery(api));
  const granted = config.data?.auth.grantedPermissions ?? {};
  const can = (permission?: string) => !permission || granted[permission] === 'true';
  const user = session.data?.user;
  const tenant = session.data?.tenant ?? null;

  if (!user) {
    return (
      <Stack gap="md">
        <Skeleton h={112} radius="md" />
        <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }}>{[0, 1, 2, 3].map((i) => <Skeleton key={i} h={96} radius="md" />)}</SimpleGrid>
      </Stack>
    );
  }
  const seller = user.userType === USER_TYPE.seller;
  const fullName = user.surname && user.surname !== user.name ? `${user.name} ${user.surname}` : user.name;

  return (
    <Stack gap="lg" miw={0}>
      <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }}>
        <Group justify="space-between" align="flex-start" gap="md" wrap="wrap">
          <Group gap="md" wrap="nowrap" miw={0}>
            <ThemeIcon size={52} radius="xl" variant="light"><IconUserCircle size={30} /></ThemeIcon>
            <Stack gap={2} miw={0}>
              <Title order={3} fz={{ base: 'h4', sm: 'h3' }}>{t('{0}，{1}', t(greeting()), fullName)}</Title>
              <Group gap={6} wrap="wrap">
                <Text size="sm" c="dimmed">{t('账号 {0}', user.userName)}</Text>
                <Badge variant="light" radius="sm" color={seller ? 'grape' : 'blue'}>{seller ? t('卖家') : t('员工')}</Badge>
              </Group>
              <Text size="sm" c="dimmed">{tenant ? t('{0}（租户 {1}）', tenant.name, tenant.tenancyName) : t('平台管理（Host）')}</Text>
            </Stack>
          </Group>
          {seller && user.userCode && <SellerCode code={user.userCode} />}
        </Group>
      </Paper>

      {/* The host has no floor and no ledger: its home keeps the administration figures only. */}
      {tenant !== null && (seller ? <SellerDashboard /> : <StaffDashboard />)}
      {!seller && <StaffFigures can={can} hasTenant={tenant !== null} />}

      <Stack gap="xs">
        <Text fw={600}>{t('快捷入口')}</Text>
        <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="sm">
          {(seller ? SELLER_SHORTCUTS : STAFF_SHORTCUTS).filter((s) => can(s.permission)).map((s) => (
            <UnstyledButton key={s.href} component={PathLink} href={s.href} style={{ display: 'block' }}>
              <Card withBorder radius="md" padding="md" h="100%">
                <Group wrap="nowrap" gap="sm">
                  <ThemeIcon variant="light" size={40} radius="md">{s.icon}</ThemeIcon>
                  <Stack gap={0} style={{ flex: 1, minWidth: 0 }}>
                    <Text fw={500} size="sm">{t(s.label)}</Text>
                    <Text size="xs" c="dimmed" truncate>{t(s.description)}</Text>
                  </Stack>
                  <IconChevronRight size={16} color="var(--mantine-color-dimmed)" />
                </Group>
              </Card>
            </UnstyledButton>
          ))}
        </SimpleGrid>
      </Stack>
    </Stack>
  );
}

function SellerCode({ code }: { code: string }) {
  const t = useT();
  return (
    <Paper radius="md" p="sm" bg="var(--mantine-primary-color-light)">
      <Text size="xs" c="dimmed">{t('我的卖家编码')}</Text>
      <Group gap={6} wrap="nowrap">
        <Text fz={26} fw={700} ff="monospace" lh={1.2}>{code}</Text>
        <CopyButton value={code}>
          {({ copied, copy }) => (
            <Tooltip label={copied ? t('已复制') : t('复制')} withArrow>
              <UnstyledButton onClick={copy} aria-label={t('复制卖家编码')} c={copied ? 'teal' : 'dimmed'}>
                {copied ? <IconCheck size={18} /> : <IconCopy size={18} />}
              </UnstyledButton>
            </Tooltip>
          )}
        </CopyButton>
      </Group>
      <Text size="xs" c="dimmed">{t('寄往仓库的包裹请写上此编码')}</Text>
    </Paper>
  );
}

function StaffFigures({ can, hasTenant }: { can: (p?: string) => boolean; hasTenant: boolean }) {
  const t = useT();
  const api = useApi();
  const figures: ReactNode[] = [];
  if (can('Pages.Users')) {
    figures.push(<Figure key="users" label={t('用户总数')} icon={<IconUsers size={20} />} query={userCountQuery(api)} href="/setting/user" />);
    if (hasTenant) figures.push(<Figure key="sellers" label={t('卖家')} icon={<IconUsersGroup size={20} />} color="grape" query={userCountQuery(api, USER_TYPE.seller)} href="/setting/user?userType=1" />);
  }
  if (can('Pages.Roles')) figures.push(<Figure key="roles" label={t('角色')} icon={<IconShieldLock size={20} />} color="indigo" query={roleCountQuery(api)} href="/setting/role" />);
  if (can('Pages.Tenants')) figures.push(<Figure key="tenants" label={t('租户')} icon={<IconBuildingSkyscraper size={20} />} color="cyan" query={tenantCountQuery(api)} href="/setting/tenant" />);
  // Warehouses belong to a tenant; the host sees no business data (DOMAIN §1).
  if (hasTenant) figures.push(<Figure key="warehouses" label={t('启用的仓库')} icon={<IconBuildingWarehouse size={20} />} color="teal" query={warehouseCountQuery(api)} />);
  if (!figures.length) return null;
  return <SimpleGrid cols={{ base: 2, md: 4 }} spacing="sm">{figures}</SimpleGrid>;
}

function Figure<TData, K extends QueryKey>({ label, icon, query, href, color = 'blue' }: {
  label: string; icon: ReactNode; query: UseQueryOptions<TData, Error, number, K>; href?: string; color?: string;
}) {
  // A figure that fails to load shows a dash; the dashboard is no place for an error dialog.
  const { data, isPending } = useQuery({ ...query, meta: { errorHandling: 'local' } });
  if (isPending) return <Skeleton h={96} radius="md" />;
  return <FigureCard label={label} icon={icon} value={data ?? null} color={color} {...(href ? { href } : {})} />;
}
