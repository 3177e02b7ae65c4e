// Where Shopee sends a seller back after authorising (or cancelling) a shop (spec 000 §2): the
// guard has already rewritten any address carrying shop_id and code to the success route. The
// authorisation itself (AuthorizationShop/ProcessAuthorizer) is a later issue; this shows what arrived.
import { Button, Code, Group, Paper, Stack, Table, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCircleCheck, IconCircleX } from '@tabler/icons-react';
import { useRouterState } from '@tanstack/react-router';
import { PathLink } from '../../components/path-link.tsx';
import { HOME_PATH } from '../../lib/constants.ts';
import { useT } from '../../lib/i18n.ts';

export function ShopAuthorizationCallback({ outcome }: { outcome: 'success' | 'cancel' }) {
  const t = useT();
  // The raw query: a code of digits must not become a number.
  const searchStr = useRouterState({ select: (s) => s.location.searchStr });
  const params = new URLSearchParams(searchStr);
  const shopId = params.get('shop_id');
  const code = params.get('code');
  const ok = outcome === 'success';
  return (
    <Stack mih="100dvh" justify="center" align="center" p="md" bg="gray.0">
      <Paper withBorder radius="lg" p="xl" w="100%" maw={480}>
        <Stack gap="md">
          <Group gap="sm" wrap="nowrap">
            <ThemeIcon size={40} radius="xl" variant="light" color={ok ? 'green' : 'gray'}>{ok ? <IconCircleCheck /> : <IconCircleX />}</ThemeIcon>
            <div>
              <Title order={3} fz="lg">{ok ? t('店铺授权回调') : t('已取消店铺授权')}</Title>
              <Text size="sm" c="dimmed">{ok ? t('已收到 Shopee 返回的授权信息，授权处理将在店铺授权功能上线后自动完成。') : t('Shopee 返回了取消授权的结果。')}</Text>
            </div>
          </Group>
          <Table withTableBorder variant="vertical" layout="fixed">
            <Table.Tbody>
              <Table.Tr>
                <Table.Th w={100}>shop_id</Table.Th>
                <Table.Td data-testid="shop-id"><Code style={{ overflowWrap: 'anywhere' }}>{shopId ?? '—'}</Code></Table.Td>
              </Table.Tr>
              <Table.Tr>
                <Table.Th>code</Table.Th>
                <Table.Td data-testid="shop-code"><Code style={{ overflowWrap: 'anywhere' }}>{code ?? '—'}</Code></Table.Td>
              </Table.Tr>
            </Table.Tbody>
          </Table>
          <Group justify="flex-end">
            <Button component={PathLink} href={HOME_PATH}>{t('返回首页')}</Button>
          </Group>
        </Stack>
      </Paper>
    </Stack>
  );
}
