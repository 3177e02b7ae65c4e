// /takephone/logisticsphoto — 待拍照包裹, a phone photo screen (features/photos/photo-station.tsx).
import { createFileRoute } from '@tanstack/react-router';
import { PhotoStation } from '../../../features/photos/photo-station.tsx';
import { useUploader } from '../../../lib/upload.ts';

export const Route = createFileRoute('/_app/takephone/logisticsphoto')({
  staticData: {
    title: '待拍照包裹', permission: 'OrderManage.ExpressShipmentDelivery', side: 'staff',
    menu: { group: 'floor', order: 3, icon: 'camera' },
  },
  component: PhotoRoute,
});

function PhotoRoute() {
  const upload = useUploader();
  return <PhotoStation screen="logisticsphoto" upload={upload} />;
}
