// The order's detail (BackOrder/GetOrderInfo): header, lines, parcels and the audit trail.
import { Alert, Anchor, Badge, Code, Drawer, Group, Image, Loader, ScrollArea, SimpleGrid, Stack, Table, Text, Timeline, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { labelKey } from '#shared/enums.ts';
import { plainPoints } from '#shared/money.ts';
import { orderLabelUrl } from '#shared/label-links.ts';
import { canOrder } from '#shared/rules/orders.ts';
import { CodeBadge } from '../../components/code-badge.tsx';
import { SlotHolder } from '../../components/slot-holder.tsx';
import { errorMessage, formatDateTime } from '../../components/list-page/index.ts';
import { useApi } from '../../lib/api.ts';
import { useT } from '../../lib/i18n.ts';
import { auditActionLabel, auditChange } from '#shared/audit-actions.ts';
import { orderInfoQuery } from './queries.ts';

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div style={{ minWidth: 0 }}>
      <Text size="xs" c="dimmed">{label}</Text>
      <Text size="sm" component="div" style={{ overflowWrap: 'anywhere' }}>{children}</Text>
    </div>
  );
}

export function OrderDetailDrawer({ orderId, onClose }: { orderId: number; onClose: () => void }) {
  const t = useT();
  const api = useApi();
  const isPhone = useMediaQuery('(max-width: 48em)', false, { getInitialValueInEffect: false });
  const info = useQuery(orderInfoQuery(api, orderId));
  const o = info.data;

  return (
    <Drawer opened onClose={onClose} position="right" size={isPhone ? '100%' : 'xl'} title={o ? t('订单 {0}', o.tradeNo) : t('订单详情')}>
      {info.isPending && <Group justify="center" p="xl"><Loader /></Group>}
      {info.isError && <Alert color="red" variant="light" role="alert">{errorMessage(info.error)}</Alert>}
      {o && (
        <Stack gap="lg">
          <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="sm">
            <Field label={t('交易号')}><Group gap="xs"><Code>{o.tradeNo}</Code>{canOrder('printLabel', o) && <Anchor size="xs" href={orderLabelUrl(o.tradeNo)} target="_blank" rel="noreferrer">{t('打印面单')}</Anchor>}</Group></Field>
            <Field label={t('订单号')}>{o.orderNumber}</Field>
            <Field label={t('卖家编码')}>{o.userCode}</Field>
            <Field label={t('店铺')}>{o.storeName}</Field>
            <Field label={t('站点')}>{t(labelKey('Site', o.site))}</Field>
            <Field label={t('仓库')}>{o.warehouseName}</Field>
            <Field label={t('类型')}>{t(labelKey('OrderType', o.orderType))}</Field>
            <Field label={t('订单状态')}><CodeBadge name="OrderStatus" code={o.orderStatus} /></Field>
            <Field label={t('包裹状态')}><CodeBadge name="PackageStatus" code={o.packageStatus} /></Field>
            <Field label={t('加急')}>{o.isUrgent ? <Badge color="red" variant="light" radius="sm">{t('加急')}</Badge> : t('否')}</Field>
            <Field label={t('暂存位')}><SlotHolder shelfNumber={o.shelfNumber} holder={o.slotHolder} /></Field>
            <Field label={t('创建时间')}>{formatDateTime(o.creationTime)}</Field>
          </SimpleGrid>
          {o.holdReason && <Alert color="red" variant="light" title={t('问题件原因')}>{o.holdReason}</Alert>}
          {o.reMark && <Field label={t('备注')}>{o.reMark}</Field>}
          {o.processing && (o.processing.packedTime || o.processing.weighVersion > 0) && (
            <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="sm" data-testid="order-processing">
              <Field label={t('打包人')}>{o.processing.packedUserName ?? '—'}</Field>
              <Field label={t('打包时间')}>{formatDateTime(o.processing.packedTime)}</Field>
              <Field label={t('重量 / 计费重（kg）')}>{o.processing.weight === null ? '—' : `${o.processing.weight} / ${o.processing.chargeableWeight ?? '—'}`}</Field>
              <Field label={t('费用')}>
                {o.processing.weighVersion === 0 ? '—' : o.processing.charged
                  ? t('已扣 {0}', plainPoints(o.processing.total))
                  : <Text c="orange" size="sm" fw={600}>{t('待补 {0} 积分', plainPoints(o.processing.owed))}</Text>}
              </Field>
              <Field label={t('出库时间')}>{formatDateTime(o.processing.shippedTime)}</Field>
            </SimpleGrid>
          )}

          <Stack gap="xs">
            <Title order={5}>{t('商品')}</Title>
            <ScrollArea type="auto">
              <Table striped withTableBorder fz="sm" miw={520}>
                <Table.Thead>
                  <Table.Tr><Table.Th>{t('商品')}</Table.Th><Table.Th>SKU</Table.Th><Table.Th>{t('数量')}</Table.Th><Table.Th>{t('快递单号')}</Table.Th></Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {o.orderProductInfosList.map((l) => (
                    <Table.Tr key={l.id}>
                      <Table.Td>
                        <Group gap="xs" wrap="nowrap">
                          {l.productImg && <Image src={l.productImg} w={32} h={32} radius="sm" alt="" />}
                          <div>
                            <Text size="sm">{l.productName}</Text>
                            {l.specification && <Text size="xs" c="dimmed">{l.specification}</Text>}
                          </div>
                        </Group>
                      </Table.Td>
                      <Table.Td>{l.productSku || '—'}</Table.Td>
                      <Table.Td>{l.quantity}</Table.Td>
                      <Table.Td><Code>{l.shipment}</Code></Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </ScrollArea>
          </Stack>

          <Stack gap="xs">
            <Title order={5}>{t('包裹')}</Title>
            {o.parcels.length === 0 ? <Text size="sm" c="dimmed">{t('暂无包裹')}</Text> : (
              <ScrollArea type="auto">
                <Table striped withTableBorder fz="sm" miw={520}>
                  <Table.Thead>
                    <Table.Tr><Table.Th>{t('快递单号')}</Table.Th><Table.Th>{t('签收状态')}</Table.Th><Table.Th>{t('签收时间')}</Table.Th><Table.Th>{t('暂存位')}</Table.Th></Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {o.parcels.map((p) => (
                      <Table.Tr key={p.id}>
                        <Table.Td><Code>{p.shipment}</Code></Table.Td>
                        <Table.Td><CodeBadge name="ReceiveStatus" code={p.receiveStatus} /></Table.Td>
                        <Table.Td>{formatDateTime(p.signForTime)}</Table.Td>
                        <Table.Td><SlotHolder shelfNumber={p.shelfNumber} holder={p.slotHolder} compact /></Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </ScrollArea>
            )}
          </Stack>

          <Stack gap="xs">
            <Title order={5}>{t('操作记录')}</Title>
            {o.audit.length === 0 ? <Text size="sm" c="dimmed">{t('暂无记录')}</Text> : (
              <Timeline bulletSize={12} lineWidth={2}>
                {o.audit.map((a) => (
                  <Timeline.Item key={a.id} title={auditActionLabel(t, a.action, a.entity)}>
                    <Text size="xs" c="dimmed">{formatDateTime(a.creationTime)} · {a.userName ?? '—'}</Text>
                    {auditChange(t, a) && <Text size="sm">{auditChange(t, a)}</Text>}
                    {a.note && <Text size="sm" style={{ overflowWrap: 'anywhere' }}>{a.note}</Text>}
                  </Timeline.Item>
                ))}
              </Timeline>
            )}
          </Stack>
        </Stack>
      )}
    </Drawer>
  );
}
