import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { precompress } from './scripts/vite-precompress.ts';
import { appChunks } from './scripts/vite-chunks.ts';
import { lazySchemas } from './scripts/vite-lazy-schemas.ts';
import { manifestWithServiceWorker } from './scripts/vite-manifest.ts';
import { stylesheetAfterFirstPaint } from './scripts/vite-stylesheet.ts';

// The API server in development (`npm run dev` starts it beside Vite).
const API_TARGET = 'http://localhost:3001';
const THEME_COLOR = '#0f766e';
/** The chunk of what is mounted once the first screen is on screen (src/app/LiveUpdates.tsx). */
const AFTER_FIRST_SCREEN = /(^|\/)LiveUpdates-[\w-]+\.js$/;

// Start-up code in chunks that no screen's change renames; the signed-in area as one chunk (see the plugin).
const chunks = appChunks({
  routes: /[\\/]src[\\/]app[\\/](?:router|areaRoutes)\.tsx$/,
  area: /[\\/]src[\\/]app[\\/]SignedInArea\.tsx$/,
  publicScreens: /[\\/]src[\\/](?:features[\\/]accounts[\\/]|app[\\/](?:ForbiddenScreen|NotFoundScreen)\.tsx$)/,
  signIn: /[\\/]src[\\/]features[\\/]accounts[\\/]LoginScreen\.tsx$/,
});

const REACT_ROUTER_PRODUCTION = [
  {
    find: /^react-router$/,
    replacement: fileURLToPath(import.meta.resolve('react-router').replace('/development/', '/production/')),
  },
  {
    find: /^react-router\/dom$/,
    replacement: fileURLToPath(import.meta.resolve('react-router/dom').replace('/development/', '/production/')),
  },
];

const proxy = {
  '/api': { target: API_TARGET },
  '/socket.io': { target: API_TARGET, ws: true },
};

export default defineConfig(({ command }) => ({
  plugins: [
    react(),
    lazySchemas(),
    chunks.plugin,
    stylesheetAfterFirstPaint(),
    precompress(),
    tailwindcss(),
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'service-worker',
      filename: 'sw.ts',
      registerType: 'prompt',
      // Registered from UpdatePrompt (useRegisterSW): the CSP forbids inline scripts.
      injectRegister: false,
      // The icons are already matched by globPatterns below; listing them twice only adds noise.
      includeManifestIcons: false,
      injectManifest: {
        // The shell plus every lazy route chunk, icons and fonts.
        globPatterns: ['**/*.{js,css,html,svg,png,ico,webmanifest,woff2}'],
        // The install sheet's screenshots are for the browser before installing, not for offline use.
        globIgnores: ['screenshots/**'],
      },
      manifest: {
        id: '/',
        name: 'CareMesh',
        short_name: 'CareMesh',
        description:
          'An offline-first healthcare network linking hospitals, doctors, diagnostics centres, pharmacies and patients across India.',
        lang: 'en-IN',
        theme_color: THEME_COLOR,
        background_color: '#f8fafc',
        display: 'standalone',
        start_url: '/',
        scope: '/',
        categories: ['medical', 'health'],
        icons: [
          { src: '/pwa-64x64.png', sizes: '64x64', type: 'image/png' },
          { src: '/pwa-192x192.png', sizes: '192x192', type: 'image/png' },
          { src: '/pwa-512x512.png', sizes: '512x512', type: 'image/png' },
          { src: '/maskable-icon-512x512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
        // Long-press on the installed icon: straight to what people come back for.
        shortcuts: [
          {
            name: 'Book an appointment',
            short_name: 'Book',
            description: 'Find a doctor or a hospital near you and book',
            url: '/appointments/book',
            icons: [{ src: '/pwa-192x192.png', sizes: '192x192', type: 'image/png' }],
          },
          {
            name: 'Appointments',
            url: '/appointments',
            icons: [{ src: '/pwa-192x192.png', sizes: '192x192', type: 'image/png' }],
          },
          {
            name: 'Medical records',
            url: '/medical-records',
            icons: [{ src: '/pwa-192x192.png', sizes: '192x192', type: 'image/png' }],
          },
        ],
        // Android's richer install sheet: the demo app captured at 360 × 740 and 1280 × 800.
        screenshots: [
          {
            src: '/screenshots/booking-phone.png',
            sizes: '360x740',
            type: 'image/png',
            form_factor: 'narrow',
            label: 'Find a doctor near you and book',
          },
          {
            src: '/screenshots/doctor-desktop.png',
            sizes: '1280x800',
            type: 'image/png',
            form_factor: 'wide',
            label: 'A doctor’s page: fees, languages, address and the Book button',
          },
        ],
      },
      devOptions: { enabled: false },
    }),
    // After the PWA plugin, which links the manifest in the page.
    manifestWithServiceWorker(),
  ],
  resolve: {
    // React Router 7's package exports name only its development build (remix-run/react-router#14102),
    // whose dev warnings stay in the bundle; its production build is the same code without them.
    alias: command === 'build' ? REACT_ROUTER_PRODUCTION : [],
  },
  server: { proxy },
  preview: { proxy },
  build: {
    outDir: 'dist',
    sourcemap: true,
    // Every browser the app supports preloads modules itself (Chrome and Android's WebView 66+,
    // Safari 17+, Firefox 115+): the polyfill would only add to the login route's download.
    modulePreload: {
      polyfill: false,
      // The realtime listeners and the outbox replay, mounted once the first screen is on screen
      // (src/app/afterFirstScreen.tsx): the browser fetches their modules as it finds their imports,
      // a round trip per level, instead of Vite adding a preload link for each of some twenty chunks at
      // once, about 1 ms of the main thread per link on a desktop (four times that on a phone), in one
      // task just after the first screen.
      resolveDependencies: (file, deps) => (AFTER_FIRST_SCREEN.test(file) ? [] : deps),
    },
    // Which chunks make up the signed-in area: the server names them in the page sent with a session.
    manifest: true,
    // No data: URLs in JS or CSS: the server's Content-Security-Policy allows 'self' only.
    assetsInlineLimit: 0,
    rolldownOptions: { output: { codeSplitting: { groups: chunks.chunkGroups }, postBanner: chunks.postBanner } },
  },
}));
