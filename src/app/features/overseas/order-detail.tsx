// 海外仓订单详情 (/frontDisplay/abroadorderDetail?id=, and the staff's drawer): the order, the stock
// products it ships, the fees its packing charged and its audit trail.
import type { ReactNode } from 'react';
import { Badge, Center, Code, Group, Loader, Paper, SimpleGrid, Stack, Table, Text, Timeline, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { plainPoints } from '#shared/money.ts';
import { useApi } from '../../lib/api.ts';
import { useT } from '../../lib/i18n.ts';
import { CodeBadge, useCodeLabel } from '../../components/code-badge.tsx';
import { errorMessage, formatDateTime } from '../../components/list-page/index.ts';
import { FormAlert } from '../../components/forms/form-alert.tsx';
import { abroadOrderInfoQuery } from './queries.ts';
import { auditActionLabel, auditChange } from '#shared/audit-actions.ts';


export function AbroadOrderDetail({ id, side }: { id: number | undefined; side: 'seller' | 'staff' }) {
  const api = useApi();
  const t = useT();
  const label = useCodeLabel();
  const query = useQuery({ ...abroadOrderInfoQuery(api, id ?? 0, side), enabled: id !== undefined });
  if (id === undefined) return <FormAlert message={t('缺少订单编号')} />;
  if (query.error) return <FormAlert message={errorMessage(query.error)} />;
  const o = query.data;
  if (!o) return <Center h={200}><Loader type="dots" aria-label={t('加载中')} /></Center>;

  const field = (name: string, value: ReactNode) => (
    <div>
      <Text size="xs" c="dimmed">{name}</Text>
      <Text size="sm" component="div">{value}</Text>
    </div>
  );

  return (
    <Stack gap="md" maw={1200} data-testid="abroad-order-detail">
      <Paper withBorder radius="md" p={{ base: 'sm', sm: 'lg' }}>
        <Stack gap={4} mb="sm">
          <Title order={4} style={{ overflowWrap: 'anywhere' }}>{t('交易号')} <Code fz="md">{o.tradeNo}</Code></Title>
          <Group gap={6}>
            <CodeBadge name="OrderStatus" code={o.orderStatus} />
            <CodeBadge name="PackageStatus" code={o.packageStatus} />
            {o.isUrgent && <Badge color="red" variant="filled" radius="sm">{t('加急')}</Badge>}
          </Group>
        </Stack>
        <SimpleGrid cols={{ base: 2, sm: 3, md: 4 }} spacing="sm" verticalSpacing="xs">
          {field(t('订单号'), o.orderNumber)}
          {side === 'staff' && field(t('卖家编码'), <Code>{o.userCode}</Code>)}
          {field(t('店铺'), o.storeName)}
          {field(t('站点'), label('Site', o.site))}
          {field(t('海外仓'), o.warehouseName)}
          {field(t('货物类别'), label('CargoCategory', o.cargoCategory))}
          {field(t('物流方式'), label('ShippingMethod', o.shippingMethods))}
          {field(t('创建时间'), formatDateTime(o.creationTime))}
          {o.holdReason && field(t('问题原因'), <Text c="red" size="sm">{o.holdReason}</Text>)}
          {o.reMark && field(t('备注'), o.reMark)}
        </SimpleGrid>
      </Paper>

      <Paper withBorder radius="md" p={{ base: 'sm', sm: 'lg' }}>
        <Title order={5} mb="sm">{t('商品明细')}</Title>
        <Table striped withTableBorder aria-label={t('商品明细')}>
          <Table.Thead>
            <Table.Tr><Table.Th>{t('SKU')}</Table.Th><Table.Th>{t('商品名称')}</Table.Th><Table.Th>{t('数量')}</Table.Th></Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {o.orderProductInfosList.map((l) => (
              <Table.Tr key={l.id}><Table.Td><Code>{l.productSku}</Code></Table.Td><Table.Td>{l.productName}</Table.Td><Table.Td>{l.quantity}</Table.Td></Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Paper>

      <Paper withBorder radius="md" p={{ base: 'sm', sm: 'lg' }} data-testid="abroad-order-fees">
        <Title order={5} mb="sm">{t('打包费用')}</Title>
        {o.fees.length === 0 ? <Text size="sm" c="dimmed">{t('打包时按店铺的海外仓费用设置扣费')}</Text> : (
          <Table>
            <Table.Tbody>
              {o.fees.map((f) => <Table.Tr key={f.channel}><Table.Td>{label('FlowChannel', f.channel)}</Table.Td><Table.Td ta="right">{plainPoints(f.amount)}</Table.Td></Table.Tr>)}
              <Table.Tr><Table.Td fw={700}>{t('合计')}</Table.Td><Table.Td ta="right" fw={700}>{plainPoints(o.feesTotal)}</Table.Td></Table.Tr>
            </Table.Tbody>
          </Table>
        )}
      </Paper>

      <Paper withBorder radius="md" p={{ base: 'sm', sm: 'lg' }}>
        <Title order={5} mb="sm">{t('操作记录')}</Title>
        {o.audit.length === 0 ? <Text size="sm" c="dimmed">{t('暂无记录')}</Text> : (
          <Timeline bulletSize={12} lineWidth={2}>
            {o.audit.map((a) => (
              <Timeline.Item key={a.id} title={<Text size="sm" fw={600}>{auditActionLabel(t, a.action, a.entity)}{a.note ? `：${a.note}` : ''}</Text>}>
                {auditChange(t, a) && <Text size="xs">{auditChange(t, a)}</Text>}
                <Text size="xs" c="dimmed">{formatDateTime(a.creationTime)}{a.userName ? ` · ${a.userName}` : ''}</Text>
              </Timeline.Item>
            ))}
          </Timeline>
        )}
      </Paper>
    </Stack>
  );
}
