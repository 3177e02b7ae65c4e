// The sign-in page's hero (spec 000 §2): beside the form on a wide screen, loaded only there.
import { Group, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconChecks } from '@tabler/icons-react';
import type { Translate } from '../../lib/i18n.ts';
import { BrandMark } from '../../components/brand.tsx';
import classes from './sign-in-hero.module.css';

export function SignInHero({ t }: { t: Translate }) {
  return (
    <aside className={classes.hero}>
      <div className={classes.heroGrid} />
      <Group gap="sm" style={{ position: 'relative' }}>
        <BrandMark size={40} />
        <Text fw={700} fz={22}>{t('海仓')}</Text>
      </Group>
      <Stack gap="lg" style={{ position: 'relative' }} maw={440}>
        <Title order={1} fz={34} lh={1.25} c="white">{t('跨境仓储与履约')}<br />{t('一站式管理控制台')}</Title>
        <Text c="blue.1" size="md">{t('卖家下单、仓库收货打包、出库发运与积分结算，在同一个控制台完成。')}</Text>
        <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
          {['跨境订单、囤货与海外仓订单统一处理', '包裹签收、上架、打包、出库全程可追溯', '按角色与权限分配菜单，卖家与仓库各见所需'].map((line) => (
            <Group key={line} component="li" gap="sm" wrap="nowrap" c="blue.0">
              <ThemeIcon size={22} radius="xl" color="cyan" variant="light"><IconChecks size={14} /></ThemeIcon>
              <Text size="sm">{t(line)}</Text>
            </Group>
          ))}
        </Stack>
      </Stack>
      <Text size="xs" c="blue.2" style={{ position: 'relative' }}>© {new Date().getFullYear()} {t('海仓')}</Text>
    </aside>
  );
}
