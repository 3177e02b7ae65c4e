// / — the sign-in page (spec 000 §2). A signed-in user opening it is sent home by the guard.
import { createFileRoute } from '@tanstack/react-router';
import { SignInPage } from '../features/auth/sign-in-page.tsx';

export const Route = createFileRoute('/')({
  staticData: { title: '登录', public: true },
  component: SignInPage,
});
