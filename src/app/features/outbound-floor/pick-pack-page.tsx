// /backstock/pickpack — 拣货打包 (DOMAIN §7 StockOrderBale), the floor's phone screen: scan a stock
// order's trade number, then each product barcode; confirm when every line is complete. Works offline.
import { Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { PlainTable } from '../../components/plain-table.tsx';
import { useT } from '../../lib/i18n.ts';
import { usePreloadRegistry } from '../../lib/registry-preload.ts';
import { OutboxRows } from './outbox-rows.tsx';
import { ScanBox, VerdictCard } from './scan-box.tsx';
import { usePickPack } from './use-pick-pack.ts';

export function PickPackPage() {
  usePreloadRegistry();
  const t = useT();
  const pick = usePickPack(t);
  return (
    <Stack gap="md" maw={640} mx="auto" data-testid="pick-pack">
      <Group justify="space-between">
        <Title order={2}>{t('拣货打包')}</Title>
        <Badge size="lg" variant="light" data-testid="pick-waiting">{t('待拣 {0} 单', pick.orders.length)}</Badge>
      </Group>
      <ScanBox
        label={pick.current ? t('商品条码') : t('订单号')} placeholder={pick.current ? t('逐件扫描商品条码') : t('扫描囤货订单号')}
        onCode={pick.scan}
      />
      <VerdictCard verdict={pick.verdict} testId="pick-verdict" />
      {pick.current && (
        <Paper withBorder radius="md" p="sm" data-testid="pick-order">
          <Group justify="space-between" mb="xs">
            <Text ff="monospace" fw={700}>{pick.current.tradeNo}</Text>
            <Text size="sm" c="dimmed">{pick.current.userCode} · {pick.current.storeName}</Text>
          </Group>
          <PlainTable>
            <thead><tr><th>{t('商品')}</th><th>{t('货架')}</th><th>{t('已拣/应拣')}</th></tr></thead>
            <tbody>
              {pick.lines.map((l) => (
                <tr key={l.barCode} data-testid="pick-line" data-complete={l.picked === l.quantity}>
                  <td><Text fw={600}>{l.productSku}</Text><Text size="xs" c="dimmed">{l.productName} · {l.barCode}</Text></td>
                  <td>{l.shelfPosition ?? '—'}</td>
                  <td><Text fw={700} c={l.picked === l.quantity ? 'green.8' : undefined}>{l.picked}/{l.quantity}</Text></td>
                </tr>
              ))}
            </tbody>
          </PlainTable>
          <Group grow mt="sm">
            <Button variant="default" size="md" onClick={pick.reset}>{t('换一单')}</Button>
            <Button size="md" color="green" disabled={!pick.complete} loading={pick.confirming} onClick={() => void pick.confirm()} data-testid="pick-confirm">
              {t('确认打包')}
            </Button>
          </Group>
        </Paper>
      )}
      <OutboxRows actions={['BackStockOrder.stockOrderBale']} testId="pick-outbox" />
    </Stack>
  );
}
