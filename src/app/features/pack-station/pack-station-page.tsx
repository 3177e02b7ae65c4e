// /back/packStation — 打包称重, the desktop station where floor staff pack and weigh outbound orders
// (DOMAIN §3, §5, §9). Scan the order's trade number; check its lines, parcels and photos; 打包完成
// (with an optional photo); enter or scan the weight and size; 称重 shows the fees, whether they were
// charged or the order now waits for 补运费, and the seller's balance; 下一单 starts over.
import { useCallback, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import {
  Alert, Anchor, Badge, Button, FileInput, Group, Image, Loader, Paper, Stack, Text, TextInput, Title,
} from '@mantine/core';
import { IconBarcode, IconCamera, IconPackage, IconScale } from '@tabler/icons-react';
import { labelKey, PACKAGE_STATUS } from '#shared/enums.ts';
import { plainPoints as money } from '#shared/money.ts';
import { canOrder } from '#shared/rules/orders.ts';
import type { CheckGoodsInfoDto } from '#shared/contracts/back-order.ts';
import type { WeighResultDto } from '#shared/contracts/processing.ts';
import { useApi } from '../../lib/api.ts';
import { useT, type Translate } from '../../lib/i18n.ts';
import { primeFeedback, scanFeedback, useScanInput } from '../../lib/scanner/index.ts';
import { isRefusal, refusalText } from '../../components/forms/refusal.ts';
import { DecimalInput } from '../../components/decimal-input.tsx';
import { PlainTable } from '../../components/plain-table.tsx';
import { Columns } from '../../components/columns.tsx';
import { parseDecimal } from '../../lib/decimal.ts';
import { checkGoodsQuery, usePackOrder, useWeighOrder } from './queries.ts';
import { photoToBase64 } from './photo.ts';
import { usePreloadRegistry } from '../../lib/registry-preload.ts';

const KG = { max: 1000, scale: 3 };
const CM = { max: 1000, scale: 1 };

function Field({ label, value, testId }: { label: string; value: ReactNode; testId?: string }) {
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed">{label}</Text>
      <Text fw={600} data-testid={testId}>{value}</Text>
    </Stack>
  );
}

function OrderSummary({ info, t }: { info: CheckGoodsInfoDto; t: Translate }) {
  const { order, seller } = info;
  return (
    <Paper withBorder radius="md" p="md">
      <Group justify="space-between" align="flex-start" mb="sm">
        <Group gap="xs">
          <Text size="xl" fw={800} ff="monospace" data-testid="station-trade-no">{order.tradeNo}</Text>
          {order.isUrgent && <Badge color="red" size="lg">{t('加急')}</Badge>}
          <Badge variant="light" size="lg" data-testid="station-order-status">{t(labelKey('OrderStatus', order.orderStatus))}</Badge>
          <Badge variant="light" color="teal" size="lg" data-testid="station-package-status">{t(labelKey('PackageStatus', order.packageStatus))}</Badge>
        </Group>
        <Text size="xl" fw={800} data-testid="station-slot">{order.shelfNumber ?? '—'}</Text>
      </Group>
      <Columns cols={{ base: 2, sm: 4 }} spacing="sm">
        <Field label={t('卖家')} value={`${seller.userCode} ${seller.name}`} />
        <Field label={t('余额（积分）')} value={money(seller.balance)} testId="station-balance" />
        <Field label={t('订单号')} value={order.orderNumber} />
        <Field label={t('店铺 / 站点')} value={`${order.storeName} / ${order.site}`} />
      </Columns>
      {order.holdReason && <Alert color="orange" mt="sm">{t('问题件原因：{0}', order.holdReason)}</Alert>}
    </Paper>
  );
}

function Goods({ info, t }: { info: CheckGoodsInfoDto; t: Translate }) {
  return (
    <Columns cols={{ base: 1, md: 2 }} spacing="md">
      <Paper withBorder radius="md" p="md">
        <Title order={4} mb="xs">{t('商品')}</Title>
        <PlainTable striped data-testid="station-lines">
          <thead>
            <tr><th>{t('商品名称')}</th><th>SKU</th><th>{t('数量')}</th><th>{t('快递单号')}</th></tr>
          </thead>
          <tbody>
            {info.order.orderProductInfosList.map((l) => (
              <tr key={l.id}>
                <td>{l.productName}{l.specification ? ` (${l.specification})` : ''}</td>
                <td>{l.productSku || '—'}</td>
                <td style={{ fontWeight: 700 }}>{l.quantity}</td>
                <td style={{ fontFamily: 'var(--mantine-font-family-monospace)' }}>{l.shipment}</td>
              </tr>
            ))}
          </tbody>
        </PlainTable>
      </Paper>
      <Paper withBorder radius="md" p="md">
        <Title order={4} mb="xs">{t('包裹')}</Title>
        <Stack gap="xs" data-testid="station-parcels">
          {info.parcels.map((p) => (
            <Group key={p.id} justify="space-between" wrap="nowrap">
              <Stack gap={0}>
                <Text ff="monospace">{p.shipment}</Text>
                <Text size="xs" c="dimmed">{t(labelKey('ReceiveStatus', p.receiveStatus))}{p.weight ? ` · ${p.weight} kg` : ''}</Text>
              </Stack>
              <Group gap={4}>
                {p.photoLinks.map((link) => (
                  <Anchor key={link} href={link} target="_blank" rel="noreferrer"><Image src={link} w={48} h={48} radius="sm" alt={t('包裹照片')} /></Anchor>
                ))}
              </Group>
            </Group>
          ))}
          {info.parcels.length === 0 && <Text c="dimmed">{t('没有包裹')}</Text>}
        </Stack>
      </Paper>
    </Columns>
  );
}

function WeighAnswer({ result, t }: { result: WeighResultDto; t: Translate }) {
  return (
    <Paper withBorder radius="md" p="md" bg={result.charged ? 'green.0' : 'orange.0'} data-testid="weigh-result">
      <Group justify="space-between" mb="sm">
        <Text size="xl" fw={800} c={result.charged ? 'green.8' : 'orange.8'} data-testid="weigh-verdict">
          {result.charged ? t('已扣费') : t('待补运费')}
        </Text>
        <Text>{t('重量 {0} kg，计费重 {1} kg', result.weight, result.chargeableWeight)}</Text>
      </Group>
      <PlainTable>
        <tbody>
          {result.fees.map((f) => (
            <tr key={f.channel}><td>{t(labelKey('FlowChannel', f.channel))}</td><td style={{ textAlign: 'right' }}>{money(f.amount)}</td></tr>
          ))}
          <tr><td style={{ fontWeight: 700 }}>{t('合计')}</td><td style={{ textAlign: 'right', fontWeight: 700 }} data-testid="weigh-total">{money(result.total)}</td></tr>
        </tbody>
      </PlainTable>
      <Group mt="sm" gap="xl">
        {!result.charged && <Field label={t('待补金额')} value={money(result.owed)} testId="weigh-owed" />}
        <Field label={t('卖家余额')} value={money(result.balance)} testId="weigh-balance" />
      </Group>
      {!result.charged && <Text size="sm" mt="xs">{t('余额不足，费用未扣：订单已转为待补运费，卖家充值后补运费即可出库。')}</Text>}
    </Paper>
  );
}

export function PackStationPage() {
  usePreloadRegistry();
  const t = useT();
  const api = useApi();
  const containerRef = useRef<HTMLDivElement | null>(null);
  const weightRef = useRef<HTMLInputElement | null>(null);
  /** Set by a successful 打包完成: the weight field takes the focus as soon as it is on screen. */
  const focusWeightOnMount = useRef(false);
  const weightInput = useCallback((el: HTMLInputElement | null) => {
    weightRef.current = el;
    if (el && focusWeightOnMount.current) {
      focusWeightOnMount.current = false;
      el.focus();
    }
  }, []);
  const [tradeNo, setTradeNo] = useState('');
  const [photo, setPhoto] = useState<File | null>(null);
  // As typed (a phone's decimal keypad); read when 称重 is pressed.
  const [weight, setWeight] = useState('');
  const [dims, setDims] = useState<{ long: string; wide: string; high: string }>({ long: '', wide: '', high: '' });
  const [result, setResult] = useState<WeighResultDto | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const query = useQuery(checkGoodsQuery(api, tradeNo));
  const pack = usePackOrder();
  const weigh = useWeighOrder();

  const reset = (next: string) => {
    focusWeightOnMount.current = false;
    setTradeNo(next);
    setPhoto(null);
    setWeight('');
    setDims({ long: '', wide: '', high: '' });
    setResult(null);
    setMessage(null);
  };

  const scanBox = useScanInput({
    containerRef,
    onScan: (code) => {
      scanBox.setValue('');
      primeFeedback();
      reset(code);
    },
  });

  const info = query.data;
  const status = info?.order;
  const canPack = !!status && canOrder('pack', status);
  const canWeigh = !!status && canOrder('weigh', status);

  const onPack = async () => {
    if (!info) return;
    setMessage(null);
    let photoBase64: string | null;
    try {
      photoBase64 = photo ? await photoToBase64(photo) : null;
    } catch {
      setMessage(t('照片读取失败，请重新选择'));
      return;
    }
    const outcome = await pack.mutateAsync({ tradeNo: info.order.tradeNo, photoBase64 });
    if (!outcome.ok) {
      scanFeedback('error');
      setMessage(refusalText(outcome.refusal));
      return;
    }
    scanFeedback('signed');
    setPhoto(null);
    // The refreshed order may or may not be on screen yet: focus now, or when the field mounts.
    if (weightRef.current) weightRef.current.focus();
    else focusWeightOnMount.current = true;
  };

  const onWeigh = async () => {
    if (!info) return;
    const kg = parseDecimal(weight, KG);
    if (kg === null || kg === 'invalid' || kg <= 0) {
      setMessage(kg === 'invalid' ? t('重量须为 0–1000 之间的数字，最多三位小数') : t('请输入重量（kg）'));
      weightRef.current?.focus();
      return;
    }
    const sides = [dims.long, dims.wide, dims.high].map((v) => parseDecimal(v, CM));
    if (sides.includes('invalid')) {
      setMessage(t('长宽高须为 0–1000 之间的数字，最多一位小数'));
      return;
    }
    const side = (i: number) => { const v = sides[i]; return typeof v === 'number' && v > 0 ? v : undefined; };
    setMessage(null);
    const outcome = await weigh.mutateAsync({ tradeNo: info.order.tradeNo, weight: kg, long: side(0), wide: side(1), high: side(2) });
    if (!outcome.ok) {
      scanFeedback('error');
      setMessage(refusalText(outcome.refusal));
      return;
    }
    scanFeedback(outcome.value.charged ? 'signed' : 'unclaimed');
    setResult(outcome.value);
  };

  const weighOnEnter = (event: KeyboardEvent) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      void onWeigh();
    }
  };

  const next = () => {
    reset('');
    scanBox.focus();
  };

  return (
    <Stack ref={containerRef} gap="md" maw={1200} data-testid="pack-station">
      <Title order={2}>{t('打包称重')}</Title>
      <TextInput
        {...scanBox.inputProps}
        onChange={(e) => scanBox.setValue(e.currentTarget.value.toUpperCase())}
        label={t('订单号')} placeholder={t('扫描或输入订单号（tradeNo）')} size="xl"
        leftSection={<IconBarcode size={28} />} leftSectionWidth={56} styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)', fontSize: 26 } }}
        data-testid="pack-scan-input" maxLength={64}
      />

      {tradeNo === '' && (
        <Paper withBorder radius="md" p="xl" style={{ borderStyle: 'dashed' }}>
          <Text size="xl" c="dimmed" ta="center">{t('请扫描订单号')}</Text>
        </Paper>
      )}
      {query.isLoading && <Group justify="center" p="xl"><Loader /></Group>}
      {query.isError && (
        <Alert color="red" title={t('找不到订单 {0}', tradeNo)} data-testid="station-error">
          {isRefusal(query.error) ? (query.error.status === 404 && query.error.details ? query.error.details : refusalText(query.error)) : t('加载失败，请重试')}
        </Alert>
      )}

      {info && (
        <>
          <OrderSummary info={info} t={t} />
          <Goods info={info} t={t} />

          {message && <Alert color="red" data-testid="station-message">{message}</Alert>}

          {canPack && (
            <Paper withBorder radius="md" p="md">
              <Group align="flex-end">
                <FileInput
                  label={t('打包照片（可选）')} placeholder={t('选择或拍摄照片')} accept="image/jpeg,image/png,image/webp,image/heic"
                  value={photo} onChange={setPhoto} clearable leftSection={<IconCamera size={18} />} w={320} data-testid="packed-photo"
                />
                <Button size="lg" leftSection={<IconPackage size={20} />} onClick={() => void onPack()} loading={pack.isPending} data-testid="pack-button">
                  {t('打包完成')}
                </Button>
              </Group>
            </Paper>
          )}

          {info.packedImageLink && (
            <Group gap="xs">
              <Text size="sm" c="dimmed">{t('打包照片')}</Text>
              <Anchor href={info.packedImageLink} target="_blank" rel="noreferrer"><Image src={info.packedImageLink} w={64} h={64} radius="sm" alt={t('打包照片')} /></Anchor>
              {info.processing.packedUserName && <Text size="sm">{t('打包人：{0}', info.processing.packedUserName)}</Text>}
            </Group>
          )}

          {canWeigh && (
            <Paper withBorder radius="md" p="md">
              <Columns cols={{ base: 2, sm: 5 }} spacing="sm" style={{ alignItems: 'end' }}>
                <DecimalInput
                  ref={weightInput} label={t('重量（kg）')} value={weight} onChange={setWeight} size="lg"
                  onKeyDown={weighOnEnter} data-testid="weigh-weight"
                />
                <DecimalInput label={t('长（cm）')} value={dims.long} onChange={(v) => setDims((d) => ({ ...d, long: v }))} size="lg" onKeyDown={weighOnEnter} />
                <DecimalInput label={t('宽（cm）')} value={dims.wide} onChange={(v) => setDims((d) => ({ ...d, wide: v }))} size="lg" onKeyDown={weighOnEnter} />
                <DecimalInput label={t('高（cm）')} value={dims.high} onChange={(v) => setDims((d) => ({ ...d, high: v }))} size="lg" onKeyDown={weighOnEnter} />
                <Button size="lg" leftSection={<IconScale size={20} />} onClick={() => void onWeigh()} loading={weigh.isPending} data-testid="weigh-button">
                  {status?.packageStatus === PACKAGE_STATUS.weighed ? t('重新称重') : t('称重')}
                </Button>
              </Columns>
              {status?.packageStatus === PACKAGE_STATUS.weighed && !result && (
                <Text size="sm" c="dimmed" mt="xs">
                  {t('已称重 {0} kg，费用 {1}（{2}）；重新称重会冲回原费用并按新重量计费。', info.processing.weight ?? 0, money(info.processing.total), info.processing.charged ? t('已扣费') : t('待补运费'))}
                </Text>
              )}
            </Paper>
          )}

          {!canPack && !canWeigh && !result && (
            <Alert color="gray" data-testid="station-not-ready">
              {status && status.packageStatus < PACKAGE_STATUS.complete ? t('货物尚未到齐，不能打包。') : t('该订单当前不能打包或称重。')}
            </Alert>
          )}

          {result && <WeighAnswer result={result} t={t} />}

          <Group justify="flex-end">
            <Button variant="default" size="lg" onClick={next} data-testid="next-order">{t('下一单')}</Button>
          </Group>
        </>
      )}
    </Stack>
  );
}
