// 店铺授权 (/authorizationshops/authorizationshoplist): the seller's Shopee shops. 授权店铺 opens the
// platform's authorisation page (it comes back to /frontauthorization/success); 同步订单 pulls the
// READY_TO_SHIP orders of every authorised shop (or one) and shows what came of it.
import { useState } from 'react';
import { Alert, Badge, Button, Code, Group, Modal, Stack, Table, Text, TextInput } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { IconBuildingStore, IconEdit, IconPlugConnectedX, IconRefresh, IconTrash } from '@tabler/icons-react';
import type { DataTableColumn } from 'mantine-datatable';
import type { AuthorizationShopDto, BatchCreateResult } from '#shared/contracts/shopee.ts';
import { useApi } from '../../lib/api.ts';
import { useT } from '../../lib/i18n.ts';
import { refusalText, refusalsAsValues, unwrap } from '../../components/forms/refusal.ts';
import { ListPage, formatDateTime, type FilterField, type RowAction } from '../../components/list-page/index.ts';
import { SHOP_SERVICE, shopListQuery, type ShopListSearch } from './shop-queries.ts';
import { invalidateService } from '../../lib/query-of.ts';

const STATUS: Record<number, { label: string; color: string }> = {
  1: { label: '已授权', color: 'teal' }, 2: { label: '已过期', color: 'orange' }, 3: { label: '已取消', color: 'gray' },
};

export interface ShopListPageProps {
  search: ShopListSearch;
  onSearchChange: (next: ShopListSearch) => void;
  /** Opens the platform's authorisation page (the whole window goes there and comes back). */
  openPlatform?: (url: string) => void;
}

const goTo = (url: string) => window.location.assign(url);

export function ShopListPage({ search, onSearchChange, openPlatform = goTo }: ShopListPageProps) {
  const api = useApi();
  const t = useT();
  const queryClient = useQueryClient();
  const [error, setError] = useState<string | null>(null);
  const [synced, setSynced] = useState<BatchCreateResult | null>(null);
  const [renaming, setRenaming] = useState<AuthorizationShopDto | null>(null);

  const refresh = () => queryClient.invalidateQueries({ queryKey: SHOP_SERVICE });
  const authorise = useMutation({
    // Re-authorising a row names its shop: the callback must then be for that shop (issue 42).
    mutationFn: (shopId?: number) => refusalsAsValues(api.authorizationShop.getComeBackUrl(shopId === undefined ? {} : { shopId })),
    onSuccess: (outcome) => (outcome.ok ? openPlatform(outcome.value) : setError(refusalText(outcome.refusal))),
  });
  const sync = useMutation({
    mutationFn: (shopIds?: number[]) => refusalsAsValues(api.shopeeOrder.batchCreate(shopIds ? { shopIds } : {})),
    onSuccess: async (outcome) => {
      if (!outcome.ok) { setError(refusalText(outcome.refusal)); return; }
      setError(null);
      setSynced(outcome.value);
      await Promise.all([refresh(), invalidateService(queryClient, 'FrontOrder')]);
    },
  });

  const filters: FilterField<ShopListSearch>[] = [
    { kind: 'text', key: 'keyword', label: t('店铺名称') },
    { kind: 'select', key: 'shopeeStatus', label: t('状态'), options: [1, 2, 3].map((v) => ({ value: v as 1 | 2 | 3, label: t(STATUS[v]!.label) })) },
  ];
  const columns: DataTableColumn<AuthorizationShopDto>[] = [
    {
      accessor: 'shopName', title: t('店铺名称'),
      render: (s) => (
        <Stack gap={0}>
          <Text size="sm" fw={500}>{s.customShopName || s.shopName}</Text>
          {s.customShopName && <Text size="xs" c="dimmed">{s.shopName}</Text>}
        </Stack>
      ),
    },
    { accessor: 'shopId', title: t('店铺 ID'), render: (s) => <Code>{s.shopId}</Code> },
    { accessor: 'country', title: t('站点') },
    { accessor: 'shopeeStatus', title: t('状态'), render: (s) => <Badge variant="light" radius="sm" color={STATUS[s.shopeeStatus]!.color}>{t(STATUS[s.shopeeStatus]!.label)}</Badge> },
    { accessor: 'authTime', title: t('授权时间'), render: (s) => formatDateTime(s.authTime) },
    { accessor: 'expireTime', title: t('到期时间'), render: (s) => formatDateTime(s.expireTime) },
    { accessor: 'syncedUntil', title: t('订单同步至'), render: (s) => formatDateTime(s.syncedUntil) },
  ];
  const authorised = (s: AuthorizationShopDto) => s.shopeeStatus === 1;
  const rowActions: RowAction<AuthorizationShopDto>[] = [
    { key: 'sync', label: t('同步订单'), icon: <IconRefresh size={14} />, hidden: (s) => !authorised(s), onClick: (s) => sync.mutateAsync([s.shopId]) },
    { key: 'reauthorise', label: t('重新授权'), icon: <IconBuildingStore size={14} />, hidden: authorised, onClick: (s) => authorise.mutateAsync(s.shopId) },
    { key: 'rename', label: t('修改名称'), icon: <IconEdit size={14} />, onClick: (s) => setRenaming(s) },
    {
      key: 'cancel', label: t('取消授权'), icon: <IconPlugConnectedX size={14} />, color: 'orange', hidden: (s) => s.shopeeStatus === 3,
      confirm: (s) => ({ title: t('取消授权'), message: t('取消后将不再同步店铺 {0} 的订单，确定取消授权吗？', s.customShopName || s.shopName) }),
      onClick: async (s) => { unwrap(await refusalsAsValues(api.authorizationShop.cancelAuthorizationShop({ shopId: s.shopId }))); await refresh(); },
    },
    {
      key: 'delete', label: t('删除'), icon: <IconTrash size={14} />, color: 'red',
      confirm: (s) => ({ title: t('删除店铺'), message: t('确定从列表中删除店铺 {0} 吗？已同步的订单不受影响。', s.customShopName || s.shopName) }),
      onClick: async (s) => { unwrap(await refusalsAsValues(api.authorizationShop.deleteAuthorizationShopList({ shopIds: [s.shopId] }))); await refresh(); },
    },
  ];

  return (
    <Stack gap="md">
      {error && <Alert color="red" withCloseButton onClose={() => setError(null)}>{error}</Alert>}
      {synced && <SyncResult result={synced} onClose={() => setSynced(null)} />}
      <ListPage
        label={t('店铺授权')}
        search={search}
        onSearchChange={onSearchChange}
        query={shopListQuery(api, search)}
        columns={columns}
        filters={filters}
        rowActions={rowActions}
        toolbar={(
          <>
            <Button leftSection={<IconBuildingStore size={16} />} loading={authorise.isPending} onClick={() => authorise.mutate()}>{t('授权店铺')}</Button>
            <Button variant="light" leftSection={<IconRefresh size={16} />} loading={sync.isPending} onClick={() => sync.mutate(undefined)}>{t('同步订单')}</Button>
          </>
        )}
        emptyText={t('还没有授权的店铺，点击“授权店铺”开始')}
      />
      <RenameModal shop={renaming} onClose={() => setRenaming(null)} onSaved={refresh} />
    </Stack>
  );
}

function SyncResult({ result, onClose }: { result: BatchCreateResult; onClose: () => void }) {
  const t = useT();
  return (
    <Alert color={result.failed.length ? 'orange' : 'teal'} title={t('同步完成')} withCloseButton onClose={onClose} data-testid="sync-result">
      <Text size="sm">{t('新增 {0} 单，已存在跳过 {1} 单，失败 {2} 单。', result.created, result.skipped, result.failed.length)}</Text>
      {result.failed.length > 0 && (
        <Table mt="xs" withTableBorder fz="sm">
          <Table.Thead><Table.Tr><Table.Th>{t('订单号')}</Table.Th><Table.Th>{t('原因')}</Table.Th></Table.Tr></Table.Thead>
          <Table.Tbody>
            {result.failed.map((f, i) => <Table.Tr key={`${f.orderSn}-${i}`}><Table.Td>{f.orderSn || '—'}</Table.Td><Table.Td>{f.reason}</Table.Td></Table.Tr>)}
          </Table.Tbody>
        </Table>
      )}
    </Alert>
  );
}

function RenameModal({ shop, onClose, onSaved }: { shop: AuthorizationShopDto | null; onClose: () => void; onSaved: () => Promise<unknown> }) {
  const api = useApi();
  const t = useT();
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const save = useMutation({
    mutationFn: (v: { shopId: number; customShopName: string }) => refusalsAsValues(api.authorizationShop.customShopName(v)),
    onSuccess: async (outcome) => {
      if (!outcome.ok) { setError(refusalText(outcome.refusal)); return; }
      await onSaved();
      onClose();
    },
  });
  return (
    <Modal opened={!!shop} onClose={onClose} title={t('修改店铺名称')} onEnterTransitionEnd={() => { setName(shop?.customShopName ?? ''); setError(null); }}>
      <form onSubmit={(e) => { e.preventDefault(); if (shop) save.mutate({ shopId: shop.shopId, customShopName: name.trim() }); }}>
        <Stack>
          <Text size="sm" c="dimmed">{t('Shopee 店铺名：{0}', shop?.shopName ?? '')}</Text>
          <TextInput label={t('自定义名称')} value={name} maxLength={128} onChange={(e) => setName(e.currentTarget.value)} error={error} data-autofocus />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>{t('取消')}</Button>
            <Button type="submit" loading={save.isPending}>{t('保存')}</Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
