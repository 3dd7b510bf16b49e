/**
 * What the embedded device emulators hand the composition root: the serial paths the
 * real drivers open, and controls for the service panel and the tests (unplug, replug,
 * insert a note). Declared here, beside the emulators, so they never import the shell.
 */
export interface EmulatorControl {
  /** Simulates pulling the device's cable (the pseudo-terminal goes away). */
  unplug(): Promise<void>;
  /** Plugs it back in; the driver reconnects and the device reports healthy again. */
  replug(): Promise<void>;
}

export interface BillEmulatorControl extends EmulatorControl {
  insertNote(channel: number): Promise<{ accepted: boolean; detail: string }>;
}

export interface DeviceControls {
  /** Null when a real RNG is configured (or none). */
  readonly rng: EmulatorControl | null;
  /** Null when a real bill acceptor is configured (or none). */
  readonly billAcceptor: BillEmulatorControl | null;
}

/** What the embedded emulators give the composition root (see dev-emulators.ts). */
export interface EmbeddedEmulators {
  /** Serial path of the emulated RNG, or null to use OS entropy. */
  readonly rngPort: string | null;
  /** Serial path of the emulated bill acceptor, or null for none. */
  readonly billPort: string | null;
  /** The emulator's eSSP fixed key. */
  readonly billFixedKeyHex?: string;
  readonly controls: DeviceControls;
  stop(): Promise<void>;
}
