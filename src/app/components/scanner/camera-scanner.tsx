// The camera scanner as screens use it: a small, statically imported shell that loads the camera
// view (html5-qrcode, the barcode-detector polyfill) only when a person turns the camera on.
import { lazy, Suspense } from 'react';
import { KitLoader, KitText } from '../kit/kit.tsx';
import { useT } from '../../lib/i18n.ts';

const CameraView = lazy(() => import('./camera-view.tsx'));

export function CameraScanner({ onDecode }: { onDecode: (text: string) => void }) {
  const t = useT();
  return (
    <Suspense fallback={<KitText size="sm" dimmed style={{ textAlign: 'center' }} data-testid="camera-loading"><KitLoader size="sm" /> {t('正在加载扫码组件…')}</KitText>}>
      <CameraView onDecode={onDecode} />
    </Suspense>
  );
}
