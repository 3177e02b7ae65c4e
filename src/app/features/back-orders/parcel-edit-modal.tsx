// 编辑包裹 (Logistics/Edit): remark, holding slot and weight; or, for an unclaimed parcel, the seller
// it belongs to (指定卖家, by seller code). A refusal stays in the dialog.
import { useState, type FormEvent } from 'react';
import { Alert, Button, Code, Group, Modal, NumberInput, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { ParcelDto } from '#shared/contracts/orders.ts';
import { useT } from '../../lib/i18n.ts';
import { refusalText, useServiceMutation } from '../../components/forms/refusal.ts';

type EditInput = { id: number; reMark?: string | null; shelfNumber?: string | null; weight?: number | null; userCode?: string | null };

/** Every parcel list reads Logistics or BackOrder (异常件): refresh both. */
export const PARCEL_SERVICES = ['Logistics', 'AbroadLogistics', 'BackOrder'] as const;

export function useEditParcel() {
  return useServiceMutation(PARCEL_SERVICES, (api, input: EditInput) => api.logistics.edit(input));
}

export function ParcelEditModal({ parcel, mode, onClose }: { parcel: ParcelDto; mode: 'edit' | 'assign'; onClose: () => void }) {
  const t = useT();
  const edit = useEditParcel();
  const [reMark, setReMark] = useState(parcel.reMark ?? '');
  const [shelfNumber, setShelfNumber] = useState(parcel.shelfNumber ?? '');
  const [weight, setWeight] = useState<number | string>(parcel.weight ?? '');
  const [userCode, setUserCode] = useState(parcel.userCode ?? '');
  const [error, setError] = useState<string | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setRefusal(null);
    let input: EditInput;
    if (mode === 'assign') {
      const code = userCode.trim().toUpperCase();
      if (!code) return setError(t('请填写卖家编码'));
      input = { id: parcel.id, userCode: code };
    } else {
      input = { id: parcel.id, reMark: reMark.trim() || null, shelfNumber: shelfNumber.trim() || null, weight: weight === '' ? null : Number(weight) };
    }
    setError(null);
    try {
      const outcome = await edit.mutateAsync(input);
      if (!outcome.ok) return setRefusal(refusalText(outcome.refusal));
      notifications.show({ color: 'teal', message: t('已保存') });
      onClose();
    } catch {
      // Unexpected failures are shown by the shell's error dialog.
    }
  };

  return (
    <Modal opened onClose={edit.isPending ? () => {} : onClose} title={mode === 'assign' ? t('指定卖家') : t('编辑包裹')} centered>
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <Text size="sm">{t('快递单号')}: <Code>{parcel.shipment}</Code></Text>
          {refusal && <Alert color="red" variant="light" role="alert">{refusal}</Alert>}
          {mode === 'assign' ? (
            <TextInput label={t('卖家编码')} withAsterisk placeholder={t('例如 S00001')} description={t('包裹将归入该卖家')} value={userCode} onChange={(e) => setUserCode(e.currentTarget.value)} error={error} maxLength={16} data-autofocus />
          ) : (
            <>
              <TextInput label={t('暂存位')} value={shelfNumber} onChange={(e) => setShelfNumber(e.currentTarget.value)} maxLength={32} />
              <NumberInput label={t('重量 (kg)')} value={weight} onChange={setWeight} min={0} max={1000} decimalScale={3} />
              <Textarea label={t('备注')} rows={2} maxLength={512} value={reMark} onChange={(e) => setReMark(e.currentTarget.value)} />
            </>
          )}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose} disabled={edit.isPending}>{t('取消')}</Button>
            <Button type="submit" loading={edit.isPending}>{t('保存')}</Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
