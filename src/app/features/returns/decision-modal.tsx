// 处理 / 重新处理 of a refused order or an advance order (HandleStatus, AgainHandleStatus): the decision,
// its remark (the reason, required, when correcting) and, for 重新入库, what goes back to stock.
// Refusals (400, 409) show on the form.
import { useState, type FormEvent } from 'react';
import { Modal, NativeSelect, Stack, Textarea } from '@mantine/core';
import { ENUM_CODES, labelKey, REFUSAL_STATUS } from '#shared/enums.ts';
import { FormAlert } from '../../components/forms/form-alert.tsx';
import { ModalActions } from '../../components/forms/modal-actions.tsx';
import { refusalText, type Outcome } from '../../components/forms/refusal.ts';
import { useT } from '../../lib/i18n.ts';
import { EMPTY_RESTOCK, restockItems, RestockItemsField, type RestockDraft } from './restock-items.tsx';

export interface Decision { handleStatus: 1 | 2 | 3; remark: string | null; items?: { stockProductId: number; quantity: number }[] }

export function DecisionModal({ title, statusName, again, current, restock, onSubmit, onClose }: {
  title: string;
  statusName: 'RefusalStatus' | 'AdvanceStatus';
  /** Correcting a decision taken (AgainHandleStatus): the reason is required. */
  again: boolean;
  current: number;
  /** A refusal: 重新入库 puts goods into this seller's stock at this warehouse. */
  restock?: { userCode: string; warehouseInfoId: number | null };
  onSubmit: (d: Decision) => Promise<Outcome<unknown>>;
  onClose: () => void;
}) {
  const t = useT();
  const choices = ENUM_CODES[statusName].filter((c) => c !== 0);
  const [handleStatus, setHandleStatus] = useState<string>(String(again && current !== 0 ? current : choices[0]));
  const [remark, setRemark] = useState('');
  const [remarkError, setRemarkError] = useState<string | null>(null);
  const [draft, setDraft] = useState<RestockDraft>(EMPTY_RESTOCK);
  const [itemsError, setItemsError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const toStock = !!restock && Number(handleStatus) === REFUSAL_STATUS.restock;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setFormError(null);
    const text = remark.trim();
    if (again && !text) return setRemarkError(t('请填写重新处理的原因'));
    if (text.length > 512) return setRemarkError(t('备注不能超过 512 个字'));
    const chosen = toStock ? restockItems(draft) : {};
    if (chosen.error) return setItemsError(t(chosen.error));
    setSaving(true);
    try {
      const outcome = await onSubmit({ handleStatus: Number(handleStatus) as 1 | 2 | 3, remark: text || null, ...(chosen.items ? { items: chosen.items } : {}) });
      if (!outcome.ok) return setFormError(refusalText(outcome.refusal));
      onClose();
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal opened onClose={saving ? () => {} : onClose} title={title} centered size="lg">
      <form onSubmit={(e) => void submit(e)} noValidate>
        <Stack gap="sm">
          <FormAlert message={formError} />
          <NativeSelect
            label={t('处理方式')} withAsterisk value={handleStatus} onChange={(e) => setHandleStatus(e.currentTarget.value)}
            data={choices.map((c) => ({ value: String(c), label: t(labelKey(statusName, c)) }))}
          />
          {toStock && restock && (
            <RestockItemsField userCode={restock.userCode} warehouseInfoId={restock.warehouseInfoId} value={draft} orderKnown
              onChange={(next) => { setDraft(next); setItemsError(null); }} error={itemsError} />
          )}
          <Textarea
            label={again ? t('重新处理原因') : t('备注')} withAsterisk={again} rows={3} value={remark} error={remarkError}
            onChange={(e) => { setRemark(e.currentTarget.value); setRemarkError(null); }}
          />
          <ModalActions onCancel={onClose} saving={saving} submitLabel={again ? t('重新处理') : t('确定')} />
        </Stack>
      </form>
    </Modal>
  );
}
