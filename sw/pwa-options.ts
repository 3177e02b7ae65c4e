// vite-plugin-pwa settings (used by vite.config.ts): the web app manifest and the injectManifest
// build of sw/sw.ts. The worker is registered by the app itself (src/app/lib/pwa), lazily, so the
// sign-in page's first load does not carry workbox-window.
import type { VitePWAOptions } from 'vite-plugin-pwa';

export const pwaOptions: Partial<VitePWAOptions> = {
  strategies: 'injectManifest',
  srcDir: 'sw',
  filename: 'sw.ts',
  injectRegister: false,
  registerType: 'prompt',
  includeAssets: ['icons/apple-touch-icon-180.png'],
  manifest: {
    id: '/',
    name: '海仓',
    short_name: '海仓',
    description: '海仓：跨境电商仓储与履约——仓库现场扫码签收、拍照、打包称重',
    lang: 'zh-CN',
    dir: 'ltr',
    // Floor staff open the app on the floor home; the console sends anyone else to their own home.
    start_url: '/floor',
    scope: '/',
    display: 'standalone',
    orientation: 'portrait',
    theme_color: '#1c7ed6',
    background_color: '#ffffff',
    icons: [
      { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
      { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
      { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
    ],
  },
  injectManifest: {
    // The shell, every chunk (routes, the scanner, the image-compression worker script), styles,
    // the scanner's wasm and the icons.
    globPatterns: ['**/*.{html,js,mjs,css,wasm,png,svg,ico,woff2,webmanifest}'],
    globIgnores: ['**/.vite/**'],
    // The barcode reader's wasm is about 1 MB; nothing we serve is larger than this.
    maximumFileSizeToCacheInBytes: 8 * 1024 * 1024,
  },
  devOptions: { enabled: false },
};
