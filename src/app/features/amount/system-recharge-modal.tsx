// 系统充值 (User/SystemRechargeAmount, Amount.Manages): credit a seller (or, with a remark, deduct)
// by hand; posts channel 2. The seller is picked by code or name and their balance is shown; a
// refusal (balance too low, not a seller) stays in the dialog.
import { useState, type FormEvent } from 'react';
import { Alert, Button, Group, Modal, NumberInput, Select, Stack, Text, Textarea } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { MAX_RECHARGE_POINTS } from '#shared/contracts/ledger.ts';
import { useApi } from '../../lib/api.ts';
import { useT } from '../../lib/i18n.ts';
import { refusalText, useServiceMutation } from '../../components/forms/refusal.ts';
import { formatPoints, hasAtMostTwoDecimals } from '#shared/money.ts';
import { LEDGER_SERVICES, sellerBalancesQuery } from './queries.ts';

type Errors = Partial<Record<'userId' | 'amount' | 'remark', string>>;

export function useSystemRecharge() {
  return useServiceMutation(LEDGER_SERVICES, (api, input: { userId: number; amount: number; remark?: string | null }) => api.userRecharge.systemRechargeAmount(input));
}

export function SystemRechargeModal({ initialUserId, onClose }: { initialUserId?: number | undefined; onClose: () => void }) {
  const t = useT();
  const api = useApi();
  const recharge = useSystemRecharge();
  const [keyword, setKeyword] = useState('');
  const [debounced] = useDebouncedValue(keyword.trim(), 250);
  const [userId, setUserId] = useState<number | null>(initialUserId ?? null);
  const [amount, setAmount] = useState<number | string>('');
  const [remark, setRemark] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [refusal, setRefusal] = useState<string | null>(null);

  const options = useQuery({ ...sellerBalancesQuery(api, debounced ? { keyword: debounced } : {}), placeholderData: keepPreviousData });
  const chosen = useQuery({ ...sellerBalancesQuery(api, { userId: userId ?? 0 }), enabled: userId !== null });
  const seller = chosen.data?.[0];
  const data = [...(seller ? [seller] : []), ...(options.data ?? []).filter((s) => s.id !== seller?.id)]
    .map((s) => ({ value: String(s.id), label: `${s.userCode ?? ''} ${s.name}`.trim() }));

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setRefusal(null);
    const value = typeof amount === 'number' ? amount : Number(amount);
    const next: Errors = {};
    if (userId === null) next.userId = t('请选择卖家');
    if (amount === '' || !Number.isFinite(value) || value === 0) next.amount = t('请输入金额（扣减填负数）');
    else if (!hasAtMostTwoDecimals(value)) next.amount = t('金额最多两位小数');
    if (value < 0 && !remark.trim()) next.remark = t('扣减积分必须填写备注');
    setErrors(next);
    if (Object.keys(next).length) return;
    try {
      const outcome = await recharge.mutateAsync({ userId: userId!, amount: value, remark: remark.trim() || null });
      if (!outcome.ok) {
        const members = outcome.refusal.validationErrors ?? [];
        const fieldErrors: Errors = {};
        for (const v of members) for (const m of v.members) if (m === 'amount' || m === 'remark' || m === 'userId') fieldErrors[m] = v.message;
        if (Object.keys(fieldErrors).length) return setErrors(fieldErrors);
        return setRefusal(refusalText(outcome.refusal));
      }
      notifications.show({ color: 'teal', message: t('已充值，当前余额 {0}', formatPoints(outcome.value.balance)) });
      onClose();
    } catch {
      // Unexpected failures are shown by the shell's error dialog.
    }
  };

  return (
    <Modal opened onClose={recharge.isPending ? () => {} : onClose} title={t('系统充值')} centered>
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          {refusal && <Alert color="red" variant="light" role="alert">{refusal}</Alert>}
          <Select
            label={t('卖家')} withAsterisk searchable placeholder={t('卖家编码或名称')} data={data}
            value={userId === null ? null : String(userId)} onChange={(v) => { setUserId(v ? Number(v) : null); setErrors((x) => ({ ...x, userId: undefined })); }}
            searchValue={keyword} onSearchChange={setKeyword} filter={({ options: o }) => o} nothingFoundMessage={t('没有匹配的卖家')}
            error={errors.userId} data-autofocus={initialUserId === undefined || undefined}
          />
          {seller && <Text size="sm" c="dimmed">{t('当前积分余额')}: <b>{formatPoints(seller.balance)}</b></Text>}
          <NumberInput
            label={t('金额')} withAsterisk description={t('充值填正数，扣减填负数')} decimalScale={2}
            min={-MAX_RECHARGE_POINTS} max={MAX_RECHARGE_POINTS} data-autofocus={initialUserId !== undefined || undefined} value={amount} onChange={(v) => { setAmount(v); setErrors((x) => ({ ...x, amount: undefined })); }} error={errors.amount}
          />
          <Textarea label={t('备注')} rows={2} maxLength={512} value={remark} onChange={(e) => { setRemark(e.currentTarget.value); setErrors((x) => ({ ...x, remark: undefined })); }} error={errors.remark} />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose} disabled={recharge.isPending}>{t('取消')}</Button>
            <Button type="submit" loading={recharge.isPending}>{t('确定')}</Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
