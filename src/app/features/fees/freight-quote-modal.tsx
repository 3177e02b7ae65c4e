// 运费试算 on the staff freight screen: MainlandFreight/GetFreight answers the total under the rule in effect now.
import { useState } from 'react';
import { Alert, Modal, Stack, Text } from '@mantine/core';
import { formatPoints } from './fee-form.ts';
import { useQuoteFreight } from './fee-queries.ts';
import { FreightQueryForm } from './freight-query-form.tsx';
import { useT } from '../../lib/i18n.ts';

export function FreightQuoteModal({ onClose }: { onClose: () => void }) {
  const t = useT();
  const quote = useQuoteFreight();
  const [total, setTotal] = useState<number | null>(null);
  return (
    <Modal opened onClose={onClose} title={t('运费试算')} centered size="lg">
      <Stack gap="sm">
        <Text size="xs" c="dimmed">{t('按当前生效的运费设置计算；填了长宽高时按实重与体积重中较大者计费。')}</Text>
        <FreightQueryForm
          busy={quote.isPending}
          onQuote={async (input) => {
            setTotal(null);
            const outcome = await quote.mutateAsync(input);
            if (outcome.ok) setTotal(outcome.value);
            return outcome;
          }}
        />
        {total !== null && <Alert color="teal" variant="light" title={t('运费')}>{t('{0} 积分', formatPoints(total))}</Alert>}
      </Stack>
    </Modal>
  );
}
