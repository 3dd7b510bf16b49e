/// <reference types="vite/client" />
import type { CabinetBridge } from '../../electron/ipc/contract.ts';

declare global {
  interface Window {
    /** Exposed by the Electron preload (named functions only); absent in the browser test host. */
    cabinet?: CabinetBridge;
  }
  interface ImportMetaEnv {
    /** Set to '1' only for screenshot builds: lets `?fake=1` load the in-renderer fake cabinet. */
    readonly VITE_ALLOW_FAKE?: string;
  }
}

export {};
