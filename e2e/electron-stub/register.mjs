// node --import ./e2e/electron-stub/register.mjs dist-electron/main.js
// Resolves 'electron' to the recording stand-in (electron.cjs); everything else as usual.
import { register } from 'node:module';

register(
  'data:text/javascript,' +
    encodeURIComponent(`
      export async function resolve(specifier, context, next) {
        if (specifier === 'electron') return { url: ${JSON.stringify(new URL('./electron.cjs', import.meta.url).href)}, shortCircuit: true };
        return next(specifier, context);
      }`),
);
