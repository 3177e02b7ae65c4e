// The REJECT verdict's one action (DOMAIN §6): the picker hands the parcel back to the courier and
// confirms the refusal here, which runs BackExpressRejectionReturn/ConfirmRejection.
import { useState, type CSSProperties } from 'react';
import { IconCheck } from '@tabler/icons-react';
import { KitBadge, KitButton, kit } from '../../components/kit/kit.tsx';
import { useServiceMutation, refusalText } from '../../components/forms/refusal.ts';
import { useT } from '../../lib/i18n.ts';
import classes from './inbound-station.module.css';

// A white button on the red verdict (Mantine's variant="white").
const WHITE = { '--kit-filled': 'var(--mantine-color-white)', '--kit-filled-hover': 'var(--mantine-color-gray-0)', color: 'var(--mantine-color-red-8)' } as CSSProperties;

export function ConfirmRejection({ rejectionId }: { rejectionId: number }) {
  const t = useT();
  const [doneId, setDoneId] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const mutation = useServiceMutation(['BackExpressRejectionReturn', 'Logistics'], (api, id: number) => api.backExpressRejectionReturn.confirmRejection({ id }));
  if (doneId === rejectionId) {
    return (
      <KitBadge variant="filled" className={`${classes.bigBadge} ${classes.onVerdict}`} data-testid="rejection-done">
        <IconCheck size={20} />{t('已拒收')}
      </KitBadge>
    );
  }
  const confirm = async () => {
    setError(null);
    const outcome = await mutation.mutateAsync(rejectionId);
    if (outcome.ok) setDoneId(rejectionId);
    else setError(refusalText(outcome.refusal));
  };
  return (
    <div className={kit.row} style={{ '--kit-gap': 'var(--mantine-spacing-md)' } as CSSProperties}>
      <KitButton size="lg" style={WHITE} loading={mutation.isPending} onClick={() => void confirm()} data-testid="confirm-rejection">
        {t('确认拒收')}
      </KitButton>
      {error && <div style={{ fontWeight: 600 }} data-testid="rejection-error">{error}</div>}
    </div>
  );
}
