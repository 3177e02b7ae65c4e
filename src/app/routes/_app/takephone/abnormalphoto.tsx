// /takephone/abnormalphoto — 异常拍照, a phone photo screen (features/photos/photo-station.tsx).
import { createFileRoute } from '@tanstack/react-router';
import { PhotoStation } from '../../../features/photos/photo-station.tsx';
import { useUploader } from '../../../lib/upload.ts';

export const Route = createFileRoute('/_app/takephone/abnormalphoto')({
  staticData: {
    title: '异常拍照', permission: 'OrderManage.ExpressShipmentDelivery', side: 'staff',
    menu: { group: 'floor', order: 4, icon: 'camera' },
  },
  component: PhotoRoute,
});

function PhotoRoute() {
  const upload = useUploader();
  return <PhotoStation screen="abnormalphoto" upload={upload} />;
}
