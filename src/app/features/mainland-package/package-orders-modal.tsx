// The orders in a mainland package: their states, the packing label, and — while the bag is open —
// 移出 (BackOrder/EditInterNationalShipment with mainLandPackageId 0), e.g. an order still owing
// freight that would stop the bag from being sent.
import { useState } from 'react';
import { Alert, Anchor, Button, Code, Group, Modal, Table, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { MainLandPackageDto } from '#shared/contracts/mainland-package.ts';
import { orderLabelUrl } from '#shared/label-links.ts';
import { CodeBadge } from '../../components/code-badge.tsx';
import { refusalText, useServiceMutation } from '../../components/forms/refusal.ts';
import { useT } from '../../lib/i18n.ts';

export function PackageOrdersModal({ pkg, onClose }: { pkg: MainLandPackageDto; onClose: () => void }) {
  const t = useT();
  const [orders, setOrders] = useState(pkg.orders);
  const [refusal, setRefusal] = useState<string | null>(null);
  const unbag = useServiceMutation(['BackMainLandPackage', 'BackOrder'], (a, id: number) => a.backOrder.editInterNationalShipment({ id, mainLandPackageId: 0 }));

  const remove = async (id: number) => {
    setRefusal(null);
    try {
      const outcome = await unbag.mutateAsync(id);
      if (!outcome.ok) {
        setRefusal(refusalText(outcome.refusal));
        return;
      }
      setOrders((list) => list.filter((o) => o.id !== id));
      notifications.show({ color: 'teal', message: t('订单 {0} 已移出', outcome.value.tradeNo) });
    } catch {
      // the shell shows unexpected failures
    }
  };

  return (
    <Modal opened onClose={onClose} title={t('包内订单：{0}', pkg.packageName)} size="lg" centered>
      {refusal && <Alert color="red" variant="light" role="alert" mb="sm">{refusal}</Alert>}
      {orders.length === 0 ? <Text c="dimmed" size="sm">{t('包里还没有订单')}</Text> : (
        <Table striped aria-label={t('包内订单')}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('交易号')}</Table.Th>
              <Table.Th>{t('卖家编码')}</Table.Th>
              <Table.Th>{t('订单状态')}</Table.Th>
              <Table.Th>{t('包裹状态')}</Table.Th>
              <Table.Th>{t('操作')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {orders.map((o) => (
              <Table.Tr key={o.id}>
                <Table.Td ff="monospace">{o.tradeNo}</Table.Td>
                <Table.Td><Code>{o.userCode}</Code></Table.Td>
                <Table.Td><CodeBadge name="OrderStatus" code={o.orderStatus} /></Table.Td>
                <Table.Td><CodeBadge name="PackageStatus" code={o.packageStatus} /></Table.Td>
                <Table.Td>
                  <Group gap="xs" wrap="nowrap">
                    <Anchor size="sm" href={orderLabelUrl(o.tradeNo)} target="_blank" rel="noreferrer">{t('打印面单')}</Anchor>
                    {!pkg.isSend && (
                      <Button size="compact-xs" variant="light" color="red" loading={unbag.isPending && unbag.variables === o.id} onClick={() => void remove(o.id)} aria-label={t('移出 {0}', o.tradeNo)}>
                        {t('移出')}
                      </Button>
                    )}
                  </Group>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      <Group justify="flex-end" mt="md"><Button variant="default" onClick={onClose}>{t('关闭')}</Button></Group>
    </Modal>
  );
}
