// The floor frame's user menu, loaded on the first tap of the avatar (floor-frame-tools.tsx): 打开控制台,
// password, lock, language, sign out.
import { useDisclosure } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useRouter } from '@tanstack/react-router';
import { readCulture } from '../../lib/auth.ts';
import { HOME_PATH } from '../../lib/constants.ts';
import { useApi } from '../../lib/http.ts';
import { useT } from '../../lib/i18n.ts';
import { sessionQuery } from '../../lib/queries.ts';
import { ChangePasswordModal } from '../shell/change-password.tsx';
import { UserMenu } from '../shell/user-menu.tsx';
import { useSessionActions } from '../shell/session-actions.ts';

export default function FloorUserMenu() {
  const t = useT();
  const api = useApi();
  const router = useRouter();
  const actions = useSessionActions();
  const session = useQuery(sessionQuery(api)).data;
  const [passwordOpened, passwordModal] = useDisclosure(false);
  if (!session?.user) return null;
  const { user, tenant } = session;
  return (
    <>
      <UserMenu
        t={t} compact defaultOpened name={user.name} userName={user.userName} userCode={user.userCode} tenantName={tenant?.name ?? null}
        culture={readCulture()} onChangePassword={passwordModal.open} onChangeLanguage={actions.changeLanguage}
        onLock={actions.lock} onSignOut={() => void actions.signOut()}
        onOpenConsole={() => void router.navigate({ href: HOME_PATH })}
      />
      <ChangePasswordModal opened={passwordOpened} onClose={passwordModal.close} onChanged={() => void actions.signOut()} />
    </>
  );
}
