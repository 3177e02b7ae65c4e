// 结束 (EditEndTime): closes a setting at a chosen time (default now). The server refuses a time
// before the begin, in the past once the setting has been in effect, or one that runs into another
// setting; its sentence shows on the form.
import type { FormEvent } from 'react';
import { Modal, Stack, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { z } from 'zod';
import type { Outcome } from '../../components/forms/refusal.ts';
import { FormAlert } from '../../components/forms/form-alert.tsx';
import { ModalActions } from '../../components/forms/modal-actions.tsx';
import { useZodForm } from '../../components/forms/use-zod-form.ts';
import { formatDateTime } from '../../components/list-page/index.ts';
import { isoToLocal, localToIso, timeText } from './fee-form.ts';
import { useT } from '../../lib/i18n.ts';

const endForm = z.object({ endTime: timeText('结束时间') });

export interface EndTimeModalProps {
  /** What is being ended, e.g. "深圳大陆仓 · 跨境订单". */
  subject: string;
  beginTime: string;
  endTime: string | null;
  saving: boolean;
  onSubmit: (endTimeIso: string) => Promise<Outcome<unknown>>;
  onClose: () => void;
}

export function EndTimeModal({ subject, beginTime, endTime, saving, onSubmit, onClose }: EndTimeModalProps) {
  const t = useT();
  const form = useZodForm(endForm, { endTime: isoToLocal(new Date()) });
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const el = e.currentTarget as HTMLFormElement;
    const v = form.validate(el);
    if (!v) return;
    const outcome = await onSubmit(localToIso(v.endTime)!);
    if (!outcome.ok) return form.showRefusal(outcome.refusal, el);
    notifications.show({ color: 'teal', message: t('已设置结束时间') });
    onClose();
  };
  return (
    <Modal opened onClose={saving ? () => {} : onClose} title={t('结束设置')} centered>
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <FormAlert message={form.formError} />
          <Text size="sm">{subject}</Text>
          <Text size="sm" c="dimmed">{t('开始时间 {0}，当前结束时间 {1}', formatDateTime(beginTime), endTime ? formatDateTime(endTime) : t('长期'))}</Text>
          <TextInput type="datetime-local" label={t('结束时间（北京时间）')} withAsterisk {...form.text('endTime')} />
          <Text size="xs" c="dimmed">{t('结束后到达的订单不再按这条设置计费；已经生效的设置不能结束在过去的时间。')}</Text>
          <ModalActions onCancel={onClose} saving={saving} submitLabel={t('结束')} />
        </Stack>
      </form>
    </Modal>
  );
}
