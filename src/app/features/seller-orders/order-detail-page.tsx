// 订单详情 (/frontDisplay/orderDetail?id=, /frontmainlandDisplay/frontmainlandorderDetail?id=): the
// order's header, its lines, the parcels bringing them (with photos) and the audit trail.
import type { ReactNode } from 'react';
import { Anchor, Badge, Button, Card, Center, Code, Group, Image, Loader, Paper, SimpleGrid, Stack, Table, Text, Timeline, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { IconPencil } from '@tabler/icons-react';
import type { z } from 'zod';
import type { AuditDto, ParcelDto } from '#shared/contracts/orders.ts';
import { useApi } from '../../lib/api.ts';
import { useT } from '../../lib/i18n.ts';
import { CodeBadge, useCodeLabel } from '../../components/code-badge.tsx';
import { errorMessage, formatDateTime } from '../../components/list-page/index.ts';
import { FormAlert } from '../../components/forms/form-alert.tsx';
import { orderInfoQuery } from './order-queries.ts';
import { plainPoints } from '#shared/money.ts';
import { canOrder } from '#shared/rules/orders.ts';
import { auditActionLabel, auditChange } from '#shared/audit-actions.ts';
import { hasGuid, imageUrl, pdfUrl, userImageUrl } from './upload.ts';
import { ShopeeLabelButton } from './shopee-label-button.tsx';
import { SHIPPING_METHOD } from '#shared/enums.ts';

export interface OrderDetailPageProps {
  id: number | undefined;
  onEdit: (id: number) => void;
}

export function OrderDetailPage({ id, onEdit }: OrderDetailPageProps) {
  const api = useApi();
  const t = useT();
  const label = useCodeLabel();
  const query = useQuery({ ...orderInfoQuery(api, id ?? 0), enabled: id !== undefined });
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
    <Stack gap="md" maw={1200}>
      <Paper withBorder radius="md" p={{ base: 'sm', sm: 'lg' }}>
        <Group justify="space-between" align="flex-start" gap="sm" mb="sm">
          <Stack gap={4}>
            <Title order={4} style={{ overflowWrap: 'anywhere' }}>{t('交易号')} <Code fz="md">{o.tradeNo}</Code></Title>
            <Group gap={6}>
              <CodeBadge name="OrderStatus" code={o.orderStatus} />
              <CodeBadge name="PackageStatus" code={o.packageStatus} />
              {o.isUrgent && <Badge color="red" variant="filled" radius="sm">{t('加急')}</Badge>}
            </Group>
          </Stack>
          {canOrder('sellerUpdate', o) && <Button variant="light" leftSection={<IconPencil size={16} />} onClick={() => onEdit(o.id)}>{t('编辑')}</Button>}
        </Group>
        <SimpleGrid cols={{ base: 2, sm: 3, md: 4 }} spacing="sm" verticalSpacing="xs">
          {field(t('订单号'), <Data>{o.orderNumber}</Data>)}
          {field(t('暂存位'), o.shelfNumber ? <Badge variant="outline" radius="sm" size="lg">{o.shelfNumber}</Badge> : '—')}
          {field(t('店铺'), <Data>{o.storeName}</Data>)}
          {field(t('站点'), label('Site', o.site))}
          {field(t('仓库'), <Data>{o.warehouseName}</Data>)}
          {field(t('类型'), label('OrderType', o.orderType))}
          {field(t('货物类别'), label('CargoCategory', o.cargoCategory))}
          {field(t('物流方式'), label('ShippingMethod', o.shippingMethods))}
          {field(t('面单'), hasGuid(o.pdfGuid)
            ? <Anchor href={pdfUrl(o.pdfGuid)} target="_blank" rel="noreferrer">{t('查看 PDF')}</Anchor>
            : o.shippingMethods === SHIPPING_METHOD.shopeeSls ? <ShopeeLabelButton orderNumber={o.orderNumber} /> : '—')}
          {field(t('创建时间'), formatDateTime(o.creationTime))}
          {o.holdReason && field(t('问题原因'), <Text c="red" size="sm" data-value>{o.holdReason}</Text>)}
          {o.reMark && field(t('备注'), <Data>{o.reMark}</Data>)}
        </SimpleGrid>
      </Paper>

      {o.processing && o.processing.weighVersion > 0 && (
        <Paper withBorder radius="md" p={{ base: 'sm', sm: 'lg' }} data-testid="order-fees">
          <Title order={5} mb="sm">{t('称重与费用')}</Title>
          <SimpleGrid cols={{ base: 2, sm: 3, md: 4 }} spacing="sm" verticalSpacing="xs" mb="sm">
            {field(t('重量（kg）'), o.processing.weight ?? '—')}
            {field(t('计费重（kg）'), o.processing.chargeableWeight ?? '—')}
            {field(t('称重时间'), formatDateTime(o.processing.weighedTime))}
            {field(t('费用状态'), o.processing.charged
              ? <Badge color="teal" variant="light" radius="sm">{t('已扣费')}</Badge>
              : <Badge color="orange" variant="light" radius="sm">{t('待补 {0} 积分', plainPoints(o.processing.owed))}</Badge>)}
          </SimpleGrid>
          <Table>
            <Table.Tbody>
              {o.processing.fees.map((f) => (
                <Table.Tr key={f.channel}><Table.Td>{label('FlowChannel', f.channel)}</Table.Td><Table.Td ta="right">{plainPoints(f.amount)}</Table.Td></Table.Tr>
              ))}
              <Table.Tr><Table.Td fw={700}>{t('合计')}</Table.Td><Table.Td ta="right" fw={700}>{plainPoints(o.processing.total)}</Table.Td></Table.Tr>
            </Table.Tbody>
          </Table>
        </Paper>
      )}

      <Paper withBorder radius="md" p={{ base: 'sm', sm: 'lg' }}>
        <Title order={5} mb="sm">{t('商品明细')}</Title>
        <Table.ScrollContainer minWidth={640}>
          <Table striped withTableBorder aria-label={t('商品明细')}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('商品名称')}</Table.Th><Table.Th>{t('SKU')}</Table.Th><Table.Th>{t('规格')}</Table.Th>
                <Table.Th>{t('数量')}</Table.Th><Table.Th>{t('单价')}</Table.Th><Table.Th>{t('国内快递单号')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {o.orderProductInfosList.map((l) => (
                <Table.Tr key={l.id}>
                  <Table.Td>{l.productName}</Table.Td><Table.Td>{l.productSku || '—'}</Table.Td><Table.Td>{l.specification ?? '—'}</Table.Td>
                  <Table.Td>{l.quantity}</Table.Td><Table.Td>{l.price ?? '—'}</Table.Td><Table.Td><Code>{l.shipment}</Code></Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Paper>

      <Paper withBorder radius="md" p={{ base: 'sm', sm: 'lg' }}>
        <Title order={5} mb="sm">{t('包裹')}</Title>
        {o.parcels.length === 0 ? <Text size="sm" c="dimmed">{t('暂无包裹')}</Text> : (
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="sm">
            {o.parcels.map((p) => <ParcelCard key={p.id} parcel={p} />)}
          </SimpleGrid>
        )}
      </Paper>

      <Paper withBorder radius="md" p={{ base: 'sm', sm: 'lg' }}>
        <Title order={5} mb="sm">{t('操作记录')}</Title>
        {o.audit.length === 0 ? <Text size="sm" c="dimmed">{t('暂无记录')}</Text> : <AuditTimeline audit={o.audit} />}
      </Paper>
    </Stack>
  );
}

/** A value from the database (a name, a note): data, not a text of ours to translate. */
function Data({ children }: { children: ReactNode }) {
  return <span data-value>{children}</span>;
}

function ParcelCard({ parcel: p }: { parcel: ParcelDto }) {
  const t = useT();
  const photos = [
    hasGuid(p.imageGuid) ? { src: imageUrl(p.imageGuid), alt: t('包裹照片') } : null,
    hasGuid(p.goodsImageGuid) ? { src: imageUrl(p.goodsImageGuid), alt: t('货物照片') } : null,
    hasGuid(p.userUploadImageGuid) ? { src: userImageUrl(p.userUploadImageGuid), alt: t('我上传的照片') } : null,
  ].filter((x) => x !== null);
  return (
    <Card withBorder radius="md" padding="sm">
      <Group justify="space-between" gap="xs" wrap="nowrap">
        <Code style={{ overflowWrap: 'anywhere' }}>{p.shipment}</Code>
        <CodeBadge name="ReceiveStatus" code={p.receiveStatus} />
      </Group>
      <Stack gap={2} mt="xs">
        <Text size="xs" c="dimmed">{t('签收时间')}：{formatDateTime(p.signForTime)}</Text>
        <Text size="xs" c="dimmed">{t('签收人')}：{p.signUserName ?? '—'}</Text>
        {p.shelfNumber && <Text size="xs" c="dimmed">{t('暂存位')}：{p.shelfNumber}</Text>}
        {p.weight !== null && <Text size="xs" c="dimmed">{t('重量')}：{p.weight} kg</Text>}
        {p.reMark && <Text size="xs" c="dimmed">{t('备注')}：{p.reMark}</Text>}
      </Stack>
      {photos.length > 0 && (
        <Group gap="xs" mt="xs">
          {photos.map((ph) => (
            <Anchor key={ph.src} href={ph.src} target="_blank" rel="noreferrer">
              <Image src={ph.src} alt={ph.alt} w={72} h={72} fit="cover" radius="sm" />
            </Anchor>
          ))}
        </Group>
      )}
    </Card>
  );
}

function AuditTimeline({ audit }: { audit: z.infer<typeof AuditDto>[] }) {
  const t = useT();
  return (
    <Timeline bulletSize={14} lineWidth={2} active={audit.length - 1}>
      {audit.map((a) => (
        <Timeline.Item key={a.id} title={<Text size="sm" fw={500}>{auditActionLabel(t, a.action, a.entity)}</Text>}>
          {auditChange(t, a) && <Text size="xs">{auditChange(t, a)}</Text>}
          {a.note && <Text size="xs" c="dimmed" data-value>{a.note}</Text>}
          <Text size="xs" c="dimmed">{formatDateTime(a.creationTime)} · {a.userName ?? t('系统')}</Text>
        </Timeline.Item>
      ))}
    </Timeline>
  );
}
