// Where Shopee sends a seller back after authorising (or de-authorising) a shop (spec 000 §2): the
// guard has already rewritten any address carrying shop_id and code to the success route. Success
// completes the authorisation (AuthorizationShop/ProcessAuthorizer: the code is exchanged for the
// shop's tokens) and names the shop; a seller who is not signed in is asked to sign in first.
import { Alert, Button, Code, Group, Loader, Paper, Stack, Table, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCircleCheck, IconCircleX } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useRouterState } from '@tanstack/react-router';
import { PathLink } from '../../components/path-link.tsx';
import { HOME_PATH } from '../../lib/constants.ts';
import { useApi } from '../../lib/api.ts';
import { useT } from '../../lib/i18n.ts';
import { useSignedIn } from '../../lib/use-auth.ts';
import { refusalText, refusalsAsValues } from '../../components/forms/refusal.ts';

export const SHOP_LIST_PATH = '/authorizationshops/authorizationshoplist';

export function ShopAuthorizationCallback({ outcome }: { outcome: 'success' | 'cancel' }) {
  const t = useT();
  // The raw query: a code of digits must not become a number.
  const searchStr = useRouterState({ select: (s) => s.location.searchStr });
  const params = new URLSearchParams(searchStr);
  const shopId = params.get('shop_id');
  const code = params.get('code');
  // What the authorisation address carried for the server to check (the seller and the shop it named).
  const state = params.get('state') ?? '';
  const ok = outcome === 'success';
  return (
    <Stack mih="100dvh" justify="center" align="center" p="md" bg="gray.0">
      <Paper withBorder radius="lg" p="xl" w="100%" maw={480}>
        <Stack gap="md">
          <Group gap="sm" wrap="nowrap">
            <ThemeIcon size={40} radius="xl" variant="light" color={ok ? 'green' : 'gray'}>{ok ? <IconCircleCheck /> : <IconCircleX />}</ThemeIcon>
            <div>
              <Title order={3} fz="lg">{ok ? t('店铺授权') : t('已取消店铺授权')}</Title>
              {!ok && <Text size="sm" c="dimmed">{t('Shopee 返回了取消授权的结果。')}</Text>}
            </div>
          </Group>
          {ok && shopId && code ? <Authorise shopId={shopId} code={code} state={state} /> : ok && <Alert color="red">{t('授权回调缺少 shop_id 或 code，请重新授权。')}</Alert>}
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
            <Button variant="default" component={PathLink} href={HOME_PATH}>{t('返回首页')}</Button>
            <Button component={PathLink} href={SHOP_LIST_PATH}>{t('查看我的店铺')}</Button>
          </Group>
        </Stack>
      </Paper>
    </Stack>
  );
}

function Authorise({ shopId, code, state }: { shopId: string; code: string; state: string }) {
  const t = useT();
  const signedIn = useSignedIn();
  const api = useApi();
  // A query, not an effect: keyed by the code, it runs once however often the screen mounts (a code works once).
  // Not queryOf: the answer is wrapped (refusals as values) and the key is the callback's shop and code.
  const result = useQuery({
    queryKey: ['AuthorizationShop', 'processAuthorizer', shopId, code] as const,
    queryFn: () => refusalsAsValues(api.authorizationShop.processAuthorizer({ code, shop_id: Number(shopId), state })),
    enabled: signedIn,
    retry: false, staleTime: Infinity, gcTime: Infinity, refetchOnWindowFocus: false,
    meta: { errorHandling: 'local' },
  });
  if (!signedIn) {
    return <Alert color="orange" title={t('请先登录')}>{t('请先登录授权店铺的卖家账号，然后重新打开授权链接（授权码 10 分钟内有效）。')}</Alert>;
  }
  if (result.isPending) return <Group gap="xs"><Loader size="sm" /><Text size="sm">{t('正在完成店铺授权…')}</Text></Group>;
  if (result.isError) return <Alert color="red">{t('授权未能完成，请稍后重新授权。')}</Alert>;
  const outcome = result.data;
  if (!outcome.ok) return <Alert color="red" title={t('授权失败')}>{refusalText(outcome.refusal)}</Alert>;
  const shop = outcome.value;
  return (
    <Alert color="teal" title={t('授权成功')}>
      <Text size="sm" data-testid="authorised-shop">{t('店铺 {0}（{1}）已授权，订单将自动同步。', shop.shopName, shop.country)}</Text>
    </Alert>
  );
}
