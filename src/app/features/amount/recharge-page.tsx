// 积分充值 (/amount/recharge): the balance, an amount (typed or a preset), 去支付 → a recharge order
// and its payment page in a new window. The order's id goes into the URL (?rechargeId=), so the
// payment page's 返回 link, a reload or simply coming back to this tab asks ConfirmPayment again
// until the order is paid or closed.
import { useEffect, useState, type FormEvent } from 'react';
import { Alert, Anchor, Badge, Button, Chip, Group, NumberInput, Paper, Stack, Text, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { IconCreditCard } from '@tabler/icons-react';
import { MAX_RECHARGE_POINTS, type RechargeOrderDto } from '#shared/contracts/ledger.ts';
import { labelKey, RECHARGE_STATUS } from '#shared/enums.ts';
import { useApi } from '../../lib/api.ts';
import { useT } from '../../lib/i18n.ts';
import { refusalText, useServiceMutation } from '../../components/forms/refusal.ts';
import { formatPoints, hasAtMostTwoDecimals } from '#shared/money.ts';
import { balanceQuery } from './queries.ts';
import { invalidateService, queryOf } from '../../lib/query-of.ts';

export const PRESET_AMOUNTS = [100, 200, 500, 1000, 2000, 5000] as const;

const STATUS_COLOR = { [RECHARGE_STATUS.pending]: 'orange', [RECHARGE_STATUS.paid]: 'teal', [RECHARGE_STATUS.closed]: 'gray' } as const;

/** ConfirmPayment as a query: idempotent, asked again whenever the seller returns to the tab while pending. */
const confirmQuery = (api: ReturnType<typeof useApi>, id: number) => queryOf(api, 'Recharge', 'confirmPayment', { id }, {
  refetchOnWindowFocus: (q: { state: { data?: RechargeOrderDto | undefined } }) => q.state.data?.status === RECHARGE_STATUS.pending,
});

function openInNewWindow(url: string): void {
  window.open(url, '_blank');
}

export function RechargePage({ rechargeId, onRechargeChange, openPaymentPage = openInNewWindow }: {
  rechargeId: number | undefined;
  onRechargeChange: (id: number | undefined) => void;
  openPaymentPage?: (url: string) => void;
}) {
  const t = useT();
  const api = useApi();
  const queryClient = useQueryClient();
  const balance = useQuery(balanceQuery(api));
  const [amount, setAmount] = useState<number | string>(PRESET_AMOUNTS[0]);
  const [error, setError] = useState<string | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const generate = useServiceMutation([], (a, input: { amount: number }) => a.recharge.createRecharge(input));

  const order = useQuery({ ...confirmQuery(api, rechargeId ?? 0), enabled: rechargeId !== undefined });
  const status = order.data?.status;
  // Paid: the balance and the flow lists changed (only those; the confirm query itself stays).
  useEffect(() => {
    if (status !== RECHARGE_STATUS.paid) return;
    void invalidateService(queryClient, 'Recharge', 'getBalance');
    void invalidateService(queryClient, 'Recharge', 'getAmountList');
    void invalidateService(queryClient, 'Flow');
  }, [status, rechargeId, queryClient]);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setRefusal(null);
    const value = typeof amount === 'number' ? amount : Number(amount);
    if (amount === '' || !Number.isFinite(value) || value <= 0) return setError(t('请输入充值金额'));
    if (!hasAtMostTwoDecimals(value)) return setError(t('金额最多两位小数'));
    if (value > MAX_RECHARGE_POINTS) return setError(t('单次充值不能超过 {0} 积分', formatPoints(MAX_RECHARGE_POINTS)));
    setError(null);
    try {
      const outcome = await generate.mutateAsync({ amount: value });
      if (!outcome.ok) return setRefusal(refusalText(outcome.refusal));
      queryClient.setQueryData(confirmQuery(api, outcome.value.id).queryKey, outcome.value);
      onRechargeChange(outcome.value.id);
      openPaymentPage(outcome.value.paymentUrl);
    } catch {
      // Unexpected failures are shown by the shell's error dialog.
    }
  };

  const current = order.data;
  return (
    <Stack gap="md" maw={560}>
      <Paper withBorder p="md">
        <Text size="sm" c="dimmed">{t('当前积分余额')}</Text>
        <Text size="xl" fw={700} data-testid="balance">{balance.data ? formatPoints(balance.data.balance) : '—'}</Text>
      </Paper>

      {current && (
        <Paper withBorder p="md" aria-label={t('充值单')}>
          <Group justify="space-between" mb="xs">
            <Title order={5}>{t('充值单')} R{current.id}</Title>
            <Badge color={STATUS_COLOR[current.status]} variant="light">{t(labelKey('RechargeStatus', current.status))}</Badge>
          </Group>
          <Text size="sm">{t('充值金额')}: <b>{formatPoints(current.amount)}</b></Text>
          {current.status === RECHARGE_STATUS.pending && (
            <>
              <Text size="sm" c="dimmed" mt="xs">{t('请在新打开的支付页面完成支付，完成后回到本页面即可自动确认。')}</Text>
              <Group mt="sm" gap="sm">
                <Button onClick={() => void order.refetch()} loading={order.isFetching}>{t('我已完成支付')}</Button>
                <Anchor href={current.paymentUrl} target="_blank" rel="noopener" size="sm">{t('重新打开支付页面')}</Anchor>
              </Group>
            </>
          )}
          {current.status === RECHARGE_STATUS.paid && (
            <Alert color="teal" variant="light" mt="sm" role="status">{t('支付成功，{0} 积分已到账。', formatPoints(current.amount))}</Alert>
          )}
          {current.status === RECHARGE_STATUS.closed && (
            <Alert color="gray" variant="light" mt="sm" role="status">{t('该充值单已关闭，未扣款。可重新发起充值。')}</Alert>
          )}
          {current.status !== RECHARGE_STATUS.pending && (
            <Button variant="subtle" mt="xs" px={0} onClick={() => onRechargeChange(undefined)}>{t('继续充值')}</Button>
          )}
        </Paper>
      )}
      {order.isError && <Alert color="red" variant="light" role="alert">{t('找不到该充值单')}</Alert>}

      {(!current || current.status !== RECHARGE_STATUS.pending) && (
        <Paper withBorder p="md" component="form" onSubmit={submit} noValidate>
          <Stack gap="sm">
            {refusal && <Alert color="red" variant="light" role="alert">{refusal}</Alert>}
            <Chip.Group value={String(amount)} onChange={(v) => { setAmount(Number(v)); setError(null); }}>
              <Group gap="xs" aria-label={t('常用金额')} role="group">
                {PRESET_AMOUNTS.map((p) => <Chip key={p} value={String(p)}>{formatPoints(p)}</Chip>)}
              </Group>
            </Chip.Group>
            {/* As typed (no decimalScale, no clamping): 0.001 is refused on 去支付, never turned into 0.01. */}
            <NumberInput
              label={t('充值金额')} withAsterisk min={0.01} max={MAX_RECHARGE_POINTS} clampBehavior="none" thousandSeparator=","
              value={amount} onChange={(v) => { setAmount(v); setError(null); }} error={error} description={t('最多两位小数')}
            />
            <Group justify="flex-end">
              <Button type="submit" leftSection={<IconCreditCard size={16} />} loading={generate.isPending}>{t('去支付')}</Button>
            </Group>
          </Stack>
        </Paper>
      )}
    </Stack>
  );
}
