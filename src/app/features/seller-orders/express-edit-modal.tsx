// Fixing a declared parcel while it is 待签收 (UserExpressInfo/Edit): its tracking number, remark and
// a photo of the seller's own.
import { useState, type FormEvent } from 'react';
import { Button, FileInput, Group, Image, Modal, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { IconPhoto } from '@tabler/icons-react';
import type { ParcelDto } from '#shared/contracts/orders.ts';
import { isTrackingNumber, normalizeTrackingNumber } from '#shared/tracking-number.ts';
import { useT } from '../../lib/i18n.ts';
import { errorMessage } from '../../components/list-page/errors.ts';
import { FormAlert } from '../../components/forms/form-alert.tsx';
import { useEditExpress } from './order-mutations.ts';
import { hasGuid, userImageUrl, type Uploader } from './upload.ts';

export function ExpressEditModal({ parcel, upload, onClose }: { parcel: ParcelDto; upload: Uploader; onClose: () => void }) {
  const t = useT();
  const edit = useEditExpress();
  const [shipment, setShipment] = useState(parcel.shipment);
  const [reMark, setReMark] = useState(parcel.reMark ?? '');
  const [imageGuid, setImageGuid] = useState<string | null>(parcel.userUploadImageGuid);
  const [uploading, setUploading] = useState(false);
  const [errors, setErrors] = useState<{ shipment?: string; reMark?: string; image?: string }>({});
  const [formError, setFormError] = useState<string | null>(null);

  const pick = async (file: File | null) => {
    if (!file) return;
    setUploading(true);
    setErrors((e) => ({ ...e, image: undefined }));
    try {
      setImageGuid((await upload(file)).guid);
    } catch (err) {
      setErrors((e) => ({ ...e, image: t('上传失败：{0}', errorMessage(err)) }));
    } finally {
      setUploading(false);
    }
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setFormError(null);
    const s = normalizeTrackingNumber(shipment);
    const next: typeof errors = {};
    if (!s) next.shipment = t('请输入国内快递单号');
    else if (!isTrackingNumber(s)) next.shipment = t('快递单号为 4–64 位字母、数字或 -');
    if (reMark.length > 512) next.reMark = t('备注不能超过 512 个字符');
    setErrors(next);
    if (Object.keys(next).length) return;
    const outcome = await edit.mutateAsync({
      id: parcel.id,
      shipment: s === parcel.shipment ? undefined : s,
      reMark: reMark.trim() || null,
      userUploadImageGuid: imageGuid && imageGuid !== parcel.userUploadImageGuid ? imageGuid : undefined,
    });
    if (outcome.ok) return onClose();
    const err = outcome.refusal;
    const fieldErrors: typeof errors = {};
    const other: string[] = [];
    for (const v of err.status === 400 ? (err.validationErrors ?? []) : []) {
      const m = v.members.join(',').toLowerCase();
      if (m.includes('shipment')) fieldErrors.shipment ??= v.message;
      else if (m.includes('remark')) fieldErrors.reMark ??= v.message;
      else if (m.includes('image')) fieldErrors.image ??= v.message;
      else other.push(v.message);
    }
    setErrors(fieldErrors);
    setFormError(other.length ? other.join('；') : Object.keys(fieldErrors).length ? null : err.message);
  };

  return (
    <Modal opened onClose={onClose} title={t('修改快递信息')} centered>
      <form onSubmit={(e) => void submit(e)} noValidate>
        <Stack gap="sm">
          <FormAlert message={formError} />
          <TextInput label={t('国内快递单号')} required value={shipment} error={errors.shipment} onChange={(e) => {
            setShipment(e.currentTarget.value);
            setErrors((x) => ({ ...x, shipment: undefined }));
          }} />
          <Textarea label={t('备注')} rows={2} value={reMark} error={errors.reMark} onChange={(e) => setReMark(e.currentTarget.value)} />
          <FileInput
            label={t('我的照片')} accept="image/jpeg,image/png,image/webp,image/heic" leftSection={<IconPhoto size={16} />}
            placeholder={t('选择图片')} error={errors.image} disabled={uploading} onChange={(f) => void pick(f)}
          />
          {uploading && <Text size="xs" c="dimmed">{t('上传中…')}</Text>}
          {hasGuid(imageGuid) && !uploading && <Image src={userImageUrl(imageGuid)} alt={t('我上传的照片')} w={96} h={96} fit="cover" radius="sm" />}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose} disabled={edit.isPending}>{t('取消')}</Button>
            <Button type="submit" loading={edit.isPending} disabled={uploading}>{t('保存')}</Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
