/**
 * The development entry (renderer/dev.html, built into dist-renderer-dev/): the cabinet's own App with the
 * service panel and the URL overrides the e2e tests use. The browser host and the unpackaged `npm start`
 * serve it; the packaged app contains only renderer/src/main.ts's build (dist:check proves it).
 */
import { createPinia } from 'pinia';
import { createApp } from 'vue';
import App from '../App.vue';
import { DEV_ADDITIONS } from '../composables/useDevAdditions.ts';
import { i18n } from '../i18n/index.ts';
import TheServicePanel from './TheServicePanel.vue';
import { overridesFromQuery } from './url-overrides.ts';
import '../styles/theme.css';
import '../styles/staff.css';

createApp(App)
  .provide(DEV_ADDITIONS, { ...overridesFromQuery(location.search), servicePanel: TheServicePanel })
  .use(createPinia())
  .use(i18n)
  .mount('#app');
