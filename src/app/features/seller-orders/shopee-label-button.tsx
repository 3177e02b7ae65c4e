// 从 Shopee 获取: an SLS order synced from a Shopee shop gets its shipping document from the platform
// (ShopeeOrder/DwonLoadPdf), stored as the order's label; a refusal is said next to the button.
import { useState } from 'react';
import { Button, Group, Text } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useT } from '../../lib/i18n.ts';
import { refusalText, useServiceMutation } from '../../components/forms/refusal.ts';

export function ShopeeLabelButton({ orderNumber }: { orderNumber: string }) {
  const t = useT();
  const [error, setError] = useState<string | null>(null);
  const fetchLabel = useServiceMutation(['FrontOrder'], (api, n: string) => api.shopeeOrder.dwonLoadPdf({ orderNumber: n }));
  return (
    <Group gap="xs" wrap="nowrap">
      <Button size="compact-xs" variant="light" leftSection={<IconDownload size={12} />} loading={fetchLabel.isPending}
        onClick={() => fetchLabel.mutate(orderNumber, { onSuccess: (o) => setError(o.ok ? null : refusalText(o.refusal)) })}>
        {t('从 Shopee 获取')}
      </Button>
      {error && <Text size="xs" c="red">{error}</Text>}
    </Group>
  );
}
