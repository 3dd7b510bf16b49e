/// <reference types="vite/client" />
import type { CabinetBridge } from '../../electron/ipc/contract.ts';

declare global {
  interface Window {
    /** Exposed by the Electron preload (named functions only); absent in the browser test host. */
    cabinet?: CabinetBridge;
  }
}

export {};
