// The big answer to the last scan, readable from a metre away: colour, a word, the seller code and
// the holding slot. The picker's eyes are on the parcel, so colour and size carry the message.
import { Badge, Box, Group, Loader, Paper, Stack, Text, type MantineColor } from '@mantine/core';
import { IconCamera } from '@tabler/icons-react';
import { CodeBadge } from '../../components/code-badge.tsx';
import { formatDateTime } from '../../components/list-page/format.ts';
import { useT, type Translate } from '../../lib/i18n.ts';
import { RECEIVE_STATUS } from '#shared/enums.ts';
import type { ScanEntry, ScanOutcome } from './use-sign-station.ts';
import { ConfirmRejection } from './confirm-rejection.tsx';
import classes from './inbound-station.module.css';

interface Look { color: MantineColor; title: string; hint?: string }

export function verdictLook(outcome: ScanOutcome, t: Translate): Look {
  switch (outcome.kind) {
    case 'pending': return { color: 'blue', title: t('签收中…') };
    case 'network': return { color: 'red', title: t('网络异常，未签收'), hint: t('单号已保留在扫描框，按 Enter 重试（不会重复签收）') };
    case 'queued': return { color: 'indigo', title: t('已离线，已排队'), hint: t('{0} 条待同步：联网后自动签收，结果见“最近同步”', outcome.waiting) };
    case 'refused': return { color: 'red', title: t('未签收'), hint: outcome.message };
    case 'invalid': return { color: 'orange', title: t('单号格式不正确'), hint: t('只能包含字母、数字和 -，至少 4 位') };
    case 'no-warehouse': return { color: 'orange', title: t('请先选择仓库') };
    case 'result': {
      const { action, parcel } = outcome.result;
      if (action === 'SIGNED') return { color: 'green', title: t('已签收') };
      if (action === 'UNCLAIMED') {
        // Pre-alerted (AdvanceOrder): the picker is told, and whose it was announced as.
        const pre = outcome.result.advanceOrder;
        return { color: 'grape', title: t('无主件'), hint: pre ? t('预报件（{0}）：请放到预报件货架，按预报单处理', pre.userCode ?? '—') : t('没有卖家申报此单号：请放到无主件货架') };
      }
      if (action === 'REJECT') return { color: 'red', title: t('拒收'), hint: t('卖家已申请拒收：不要入库，退回快递') };
      // ALREADY for a parcel refused at the door: it was never signed in, so say what happened to it.
      if (parcel.receiveStatus === RECEIVE_STATUS.refused) {
        return { color: 'red', title: t('已拒收'), hint: t('此包裹已拒收：不要入库，退回快递') };
      }
      return {
        color: 'gray', title: t('已签收过'),
        hint: t('{0} 由 {1} 签收，本次未重复签收', formatDateTime(parcel.signForTime), parcel.signUserName ?? '—'),
      };
    }
  }
}

function BigField({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <Box className={classes.bigField}>
      <Text size="sm" fw={600} c="inherit" opacity={0.85}>{label}</Text>
      <Text className={classes.bigValue} data-testid={testId}>{value}</Text>
    </Box>
  );
}

export function VerdictPanel({ entry, ignored }: { entry: ScanEntry | undefined; ignored: string | null }) {
  const t = useT();
  if (!entry) {
    return (
      <Paper withBorder radius="md" p="xl" className={classes.idle} data-testid="scan-verdict">
        <Text size="xl" c="dimmed" ta="center">{t('请扫描快递单号')}</Text>
      </Paper>
    );
  }
  const look = verdictLook(entry.outcome, t);
  const result = entry.outcome.kind === 'result' ? entry.outcome.result : null;
  const showSlot = result && result.action !== 'REJECT';
  return (
    <Paper
      radius="md" p={{ base: 'md', sm: 'xl' }} bg={`${look.color}.7`} c="white" className={classes.verdict}
      data-testid="scan-verdict" data-verdict={result?.action ?? entry.outcome.kind} role="status" aria-live="assertive"
    >
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Group gap="sm" wrap="nowrap">
            {entry.outcome.kind === 'pending' && <Loader color="white" size="md" />}
            <Text className={classes.verdictTitle}>{look.title}</Text>
          </Group>
          <Text className={classes.shipment} data-testid="verdict-shipment">{entry.shipment}</Text>
        </Group>
        {look.hint && <Text size="lg" fw={500}>{look.hint}</Text>}
        {result?.action === 'REJECT' && result.rejection && <ConfirmRejection rejectionId={result.rejection.id} />}
        {result?.parcel.isNeedTakePicture && (
          <Badge size="xl" color="yellow" c="dark" leftSection={<IconCamera size={20} />} data-testid="need-photo">{t('需拍照')}</Badge>
        )}
        {showSlot && (result.action === 'SIGNED' || result.userCode || result.shelfNumber) && (
          <Group gap="xl" wrap="wrap" align="flex-end">
            {(result.action === 'SIGNED' || result.userCode) && <BigField label={t('卖家编码')} value={result.userCode ?? '—'} testId="verdict-user-code" />}
            {(result.action === 'SIGNED' || result.shelfNumber) && <BigField label={t('库位')} value={result.shelfNumber ?? '—'} testId="verdict-shelf" />}
          </Group>
        )}
        {result?.order && (
          <Paper radius="sm" p="sm" bg="white" c="dark">
            <Group gap="sm" wrap="wrap">
              <Text fw={600}>{t('订单')}</Text>
              <Text ff="monospace" data-testid="verdict-trade-no">{result.order.tradeNo}</Text>
              <CodeBadge name="PackageStatus" code={result.order.packageStatus} />
              <Text size="sm" c="dimmed">{result.order.storeName}</Text>
            </Group>
          </Paper>
        )}
      </Stack>
      {ignored && <Text mt="sm" size="sm" data-testid="scan-ignored">{t('{0} 2 秒内重复扫描，已忽略', ignored)}</Text>}
    </Paper>
  );
}
