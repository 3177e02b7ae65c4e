// The 403 and 404 pages (spec 000 §2, §8), shown inside the shell.
import { Button, Group, Text } from '@mantine/core';
import { IconArrowLeft, IconHome, IconLock, IconMapOff } from '@tabler/icons-react';
import { useCanGoBack, useRouter } from '@tanstack/react-router';
import { StatusPage } from '../../components/status-page.tsx';
import { PathLink } from '../../components/path-link.tsx';
import { HOME_PATH } from '../../lib/constants.ts';
import { useT } from '../../lib/i18n.ts';

function Actions() {
  const t = useT();
  const router = useRouter();
  const canGoBack = useCanGoBack();
  return (
    <Group justify="center" gap="sm">
      {canGoBack && <Button variant="default" leftSection={<IconArrowLeft size={16} />} onClick={() => router.history.back()}>{t('返回上一页')}</Button>}
      <Button component={PathLink} href={HOME_PATH} leftSection={<IconHome size={16} />}>{t('返回首页')}</Button>
    </Group>
  );
}

export function ForbiddenPage({ missing }: { missing: string | null }) {
  const t = useT();
  return (
    <StatusPage
      code="403"
      title={t('没有访问权限')}
      description={
        <>
          {t('您的账号没有打开此页面的权限，请联系管理员为您的角色分配权限。')}
          {missing && <Text component="span" display="block" mt={6} ff="monospace" size="xs" c="dimmed">{t('所需权限：{0}', missing)}</Text>}
        </>
      }
      icon={<IconLock size={36} color="var(--mantine-color-orange-6)" aria-hidden />}
      actions={<Actions />}
    />
  );
}

export function NotFoundPage() {
  const t = useT();
  return (
    <StatusPage
      code="404"
      title={t('页面不存在')}
      description={t('您访问的页面不存在或已被移除，请检查地址是否正确。')}
      icon={<IconMapOff size={36} color="var(--mantine-color-gray-6)" aria-hidden />}
      actions={<Actions />}
    />
  );
}
