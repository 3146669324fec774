import { defineConfig, minimal2023Preset } from '@vite-pwa/assets-generator/config';

// The brand teal of public/icon.svg, so padded icons (maskable, Apple) bleed into the same colour.
const brandBackground = { fit: 'contain', background: '#0f766e' } as const;

export default defineConfig({
  headLinkOptions: { preset: '2023' },
  preset: {
    ...minimal2023Preset,
    // Maskable icons are cropped to a circle of 80 %: keep the mark inside that safe zone.
    maskable: { sizes: [512], padding: 0.1, resizeOptions: brandBackground },
    apple: { sizes: [180], padding: 0.1, resizeOptions: brandBackground },
  },
  images: ['public/icon.svg'],
});
