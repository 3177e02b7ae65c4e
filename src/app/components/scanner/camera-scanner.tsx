// The camera scanner as screens use it: a small, statically imported shell that loads the camera
// view (html5-qrcode, the barcode-detector polyfill) only when a person turns the camera on.
import { lazy, Suspense, type ReactNode } from 'react';
import { KitLoader, KitText } from '../kit/kit.tsx';
import { useT } from '../../lib/i18n.ts';

const CameraView = lazy(() => import('./camera-view.tsx'));

/** `overlay`: what the screen shows over the picture (the verdict on the last scan). */
export function CameraScanner({ onDecode, overlay }: { onDecode: (text: string) => void; overlay?: ReactNode }) {
  const t = useT();
  return (
    <Suspense fallback={<KitText size="sm" dimmed style={{ textAlign: 'center' }} data-testid="camera-loading"><KitLoader size="sm" /> {t('正在加载扫码组件…')}</KitText>}>
      <CameraView onDecode={onDecode} overlay={overlay} />
    </Suspense>
  );
}
