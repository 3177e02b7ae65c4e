// The toast container: every toast is cleared after 1 s (spec 000 §8). Loaded after the first paint.
import { Notifications } from '@mantine/notifications';
import { TOAST_AUTO_CLOSE_MS } from '../../lib/constants.ts';
import '../../lib/console-styles.ts'; // Mantine's whole stylesheet: this can open over the sign-in page

export default function Toasts() {
  return <Notifications autoClose={TOAST_AUTO_CLOSE_MS} position="top-center" limit={3} zIndex={1200} />;
}
