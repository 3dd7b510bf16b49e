import { defineConfig } from 'vite';
import vue from '@vitejs/plugin-vue';

// The touchscreen renderer. Built into dist-renderer/, loaded by Electron from app://kiosk/ (never file://) and
// served by the browser test host over http, so every asset URL is relative (base './').
export default defineConfig({
  root: 'renderer',
  base: './',
  plugins: [vue()],
  build: {
    outDir: '../dist-renderer',
    emptyOutDir: true,
    target: 'es2022',
    chunkSizeWarningLimit: 600,
  },
  define: {
    __VUE_OPTIONS_API__: 'false',
    __VUE_PROD_DEVTOOLS__: 'false',
    __VUE_PROD_HYDRATION_MISMATCH_DETAILS__: 'false',
    __INTLIFY_PROD_DEVTOOLS__: 'false',
    __INTLIFY_JIT_COMPILATION__: 'true',
    __INTLIFY_DROP_MESSAGE_COMPILER__: 'false',
  },
});
