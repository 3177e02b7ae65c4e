// 装袋 and 打印面单 on the back-office order list, and 装袋 on the staff's stock order list: the row
// actions this feature adds to them (the routes compose them; features do not import each other).
// 装袋 puts a weighed order that leaves by the warehouse's own line (a mainland order, a 第三方物流
// stock order) into an open mainland package of its warehouse, site and cargo category
// (BackOrder/EditInterNationalShipment; BackStockOrder's for stock orders).
import { useState, type ReactNode } from 'react';
import { Alert, Button, Group, Modal, Select, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconPackageImport, IconPrinter } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import type { OrderDto } from '#shared/contracts/orders.ts';
import { labelKey } from '#shared/enums.ts';
import { canOrder } from '#shared/rules/orders.ts';
import type { RowAction } from '../../components/list-page/index.ts';
import { refusalText, useServiceMutation } from '../../components/forms/refusal.ts';
import { useApi } from '../../lib/api.ts';
import { useT } from '../../lib/i18n.ts';
import { orderLabelUrl } from '#shared/label-links.ts';
import { configurationQuery } from '../../lib/queries.ts';
import { openPackagesQuery } from './queries.ts';

type BagOrder = Pick<OrderDto, 'id' | 'tradeNo' | 'warehouseInfoId' | 'warehouseName' | 'site' | 'cargoCategory'>;

/** A weighed order leaving by the warehouse's own line that is still open can be bagged (the shared rule the server asks too). */
export const canBag = (o: Pick<OrderDto, 'orderType' | 'packageStatus' | 'orderStatus'> & { shippingMethods?: number }) => canOrder('bag', o);

/** Whose action bags the order: BackOrder's, or BackStockOrder's for a stock order (its own permission). */
type BagService = 'BackOrder' | 'BackStockOrder';

export function BagOrderModal({ order, onClose, service = 'BackOrder' }: { order: BagOrder; onClose: () => void; service?: BagService }) {
  const t = useT();
  const api = useApi();
  const open = useQuery(openPackagesQuery(api, { warehouseInfoId: order.warehouseInfoId, site: order.site, cargoCategory: order.cargoCategory }));
  const bag = useServiceMutation([service, 'BackMainLandPackage'], (a, mainLandPackageId: number) => {
    const input = { id: order.id, mainLandPackageId };
    return service === 'BackStockOrder' ? a.backStockOrder.editInterNationalShipment(input) : a.backOrder.editInterNationalShipment(input);
  });
  const [choice, setChoice] = useState<string | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const options = (open.data ?? []).map((p) => ({ value: String(p.id), label: `${p.packageName}${p.mainLandInterNationalShipment ? ` · ${p.mainLandInterNationalShipment}` : ''}（${t('{0} 单', p.orderCount)}）` }));

  const submit = async () => {
    if (!choice) {
      setRefusal(t('请选择大陆包'));
      return;
    }
    setRefusal(null);
    try {
      const outcome = await bag.mutateAsync(Number(choice));
      if (!outcome.ok) {
        setRefusal(refusalText(outcome.refusal));
        return;
      }
      notifications.show({ color: 'teal', message: t('订单 {0} 已装入 {1}', outcome.value.tradeNo, outcome.value.packageName ?? '') });
      onClose();
    } catch {
      // the shell shows unexpected failures
    }
  };

  return (
    <Modal opened onClose={bag.isPending ? () => {} : onClose} title={t('装袋')} centered>
      <Stack gap="sm">
        <Text size="sm">{t('订单 {0}：{1} · {2} · {3}', order.tradeNo, order.warehouseName, t(labelKey('Site', order.site)), t(labelKey('CargoCategory', order.cargoCategory)))}</Text>
        {refusal && <Alert color="red" variant="light" role="alert">{refusal}</Alert>}
        {open.isSuccess && options.length === 0 ? (
          <Alert color="yellow" variant="light">{t('没有可用的大陆包：请先在「大陆包」页面新建同仓库、同站点、同货物类别的包。')}</Alert>
        ) : (
          <Select
            label={t('大陆包')} data={options} value={choice} onChange={setChoice} searchable
            placeholder={open.isPending ? t('加载中…') : t('选择未发出的大陆包')} comboboxProps={{ withinPortal: true }}
          />
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={bag.isPending}>{t('取消')}</Button>
          <Button onClick={() => void submit()} loading={bag.isPending} disabled={options.length === 0}>{t('装袋')}</Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/** Whether the signed-in staff member may list the bags (and so choose one). */
function useMayBag(): boolean {
  const api = useApi();
  const config = useQuery(configurationQuery(api));
  return config.data?.auth.grantedPermissions['OrderManage.MainLandOrderManage'] === 'true';
}

/** 装袋 (国际运单) on the staff's stock order list: a weighed 第三方物流 stock order into a mainland bag. */
export function useStockOrderBagAction<T extends OrderDto>(): { rowAction: RowAction<T>; dialog: ReactNode } {
  const t = useT();
  const mayBag = useMayBag();
  const [bagging, setBagging] = useState<T | null>(null);
  return {
    rowAction: { key: 'bag', label: t('装袋'), icon: <IconPackageImport size={14} />, color: 'indigo', hidden: (o) => !mayBag || !canBag(o), onClick: (o) => setBagging(o) },
    dialog: bagging && <BagOrderModal order={bagging} service="BackStockOrder" onClose={() => setBagging(null)} />,
  };
}

/** The row actions (装袋, 打印面单) and the dialog they open, for the order list. */
export function useOrderOutboundActions(): { rowActions: RowAction<OrderDto>[]; dialog: ReactNode } {
  const t = useT();
  const mayBag = useMayBag();
  const [bagging, setBagging] = useState<OrderDto | null>(null);
  return {
    rowActions: [
      { key: 'bag', label: t('装袋'), icon: <IconPackageImport size={14} />, color: 'indigo', hidden: (o) => !mayBag || !canBag(o), onClick: (o) => setBagging(o) },
      { key: 'label', label: t('打印面单'), icon: <IconPrinter size={14} />, hidden: (o) => !canOrder('printLabel', o), onClick: (o) => void window.open(orderLabelUrl(o.tradeNo), '_blank', 'noopener') },
    ],
    dialog: bagging && <BagOrderModal order={bagging} onClose={() => setBagging(null)} />,
  };
}
