// The REJECT verdict's one action (DOMAIN §6): the picker hands the parcel back to the courier and
// confirms the refusal here, which runs BackExpressRejectionReturn/ConfirmRejection.
import { useState } from 'react';
import { Badge, Button, Group, Text } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import { useServiceMutation, refusalText } from '../../components/forms/refusal.ts';
import { useT } from '../../lib/i18n.ts';

export function ConfirmRejection({ rejectionId }: { rejectionId: number }) {
  const t = useT();
  const [doneId, setDoneId] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const mutation = useServiceMutation(['BackExpressRejectionReturn', 'Logistics'], (api, id: number) => api.backExpressRejectionReturn.confirmRejection({ id }));
  if (doneId === rejectionId) {
    return <Badge size="xl" color="white" c="red.8" leftSection={<IconCheck size={20} />} data-testid="rejection-done">{t('已拒收')}</Badge>;
  }
  const confirm = async () => {
    setError(null);
    const outcome = await mutation.mutateAsync(rejectionId);
    if (outcome.ok) setDoneId(rejectionId);
    else setError(refusalText(outcome.refusal));
  };
  return (
    <Group gap="md" wrap="wrap">
      <Button size="lg" color="white" c="red.8" variant="white" loading={mutation.isPending} onClick={() => void confirm()} data-testid="confirm-rejection">
        {t('确认拒收')}
      </Button>
      {error && <Text fw={600} data-testid="rejection-error">{error}</Text>}
    </Group>
  );
}
