import { reactRouter } from '@react-router/dev/vite';
import { defineConfig } from 'vite';

export default defineConfig({
  plugins: [reactRouter()],
  build: {
    // Hashed file names under /assets are served as immutable (src/server/static-assets.ts).
    assetsInlineLimit: 0,
  },
});
