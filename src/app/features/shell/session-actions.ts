// What the user menu does, shared by the console shell and the floor app's frame: lock the screen,
// sign out, change the language. The caller adds its own clean-up (the shell closes page tags).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useRouter } from '@tanstack/react-router';
import { useApi } from '../../lib/http.ts';
import { writeCulture, type Culture } from '../../lib/auth.ts';
import { LOCK_PATH, SIGN_IN_PATH } from '../../lib/constants.ts';
import { configurationQuery } from '../../lib/queries.ts';
import { useAuth } from '../../lib/use-auth.ts';

export function useSessionActions() {
  const api = useApi();
  const router = useRouter();
  const queryClient = useQueryClient();
  const auth = useAuth();
  const language = useMutation({
    mutationFn: (languageName: Culture) => api.user.changeLanguage({ languageName }),
    onSuccess: async (_r, languageName) => {
      writeCulture(languageName);
      await queryClient.invalidateQueries({ queryKey: configurationQuery(api).queryKey });
    },
  });
  return {
    lock: () => {
      auth.lock(router.state.location.href);
      void router.navigate({ href: LOCK_PATH });
    },
    signOut: async () => {
      // The server ends the token (TokenAuth/SignOut); offline or slow, the device signs out anyway.
      await Promise.race([api.tokenAuth.signOut({}).catch(() => null), new Promise((r) => setTimeout(r, 3000))]);
      auth.signOut();
      await router.navigate({ href: SIGN_IN_PATH, replace: true });
      queryClient.clear();
    },
    changeLanguage: (culture: Culture) => language.mutate(culture),
  };
}
