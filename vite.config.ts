import { reactRouter } from '@react-router/dev/vite';
import { defineConfig } from 'vite';
import { responsiveImages } from './scripts/vite-responsive-images.ts';

export default defineConfig({
  plugins: [responsiveImages(), reactRouter()],
  build: {
    // Hashed file names under /assets are served as immutable (src/server/plugins/static-assets.ts).
    assetsInlineLimit: 0,
  },
});
