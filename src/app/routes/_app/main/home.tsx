// /main/home — 首页, for staff and sellers alike (the page itself shows each side its own figures).
import { createFileRoute } from '@tanstack/react-router';
import { HomePage } from '../../../features/home/home-page.tsx';

export const Route = createFileRoute('/_app/main/home')({
  staticData: { title: '首页', side: 'any', menu: { group: 'home', order: 1, icon: 'home' } },
  component: HomePage,
});
