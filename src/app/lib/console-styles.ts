// Mantine's whole stylesheet (and the toasts'), for every screen but the sign-in page, whose first
// load carries only styles/first-screen.css (decision 0030). Imported by the chunks that can show
// other Mantine components over the sign-in page (tenant switch, error dialog, toasts) and loaded by the root route (lib/console-preload.ts) before any other screen renders.
// It repeats the first-screen rules, so the cascade is exactly Mantine's own order.
import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
