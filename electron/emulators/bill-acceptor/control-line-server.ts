/**
 * Where an emulator's control lines come in, the same for every emulated unit: stdin (each answer printed)
 * and an optional unix socket (each answer written back to the sender), one line in, one answer out.
 * What a line does is the emulator's own (bill-acceptor-controls.ts, id003/id003-controls.ts).
 */
import { rmSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { createInterface } from 'node:readline';

export interface ControlLineSources {
  /** A unix socket path for line commands (the service panel); replaced if a stale one is there. */
  readonly controlSocket?: string;
  readonly input?: NodeJS.ReadableStream;
  /** Where the answers to `input` go. */
  out(line: string): void;
}

export interface ControlLineServer {
  close(): void;
}

export async function serveControlLines(
  control: (line: string) => string,
  sources: ControlLineSources,
): Promise<ControlLineServer> {
  let server: Server | null = null;
  if (sources.controlSocket) {
    const path = sources.controlSocket;
    rmSync(path, { force: true });
    const listening = createServer((socket) => {
      createInterface({ input: socket }).on('line', (line) => socket.write(control(line) + '\n'));
    });
    server = listening;
    await new Promise<void>((resolve) => listening.listen(path, resolve));
  }
  if (sources.input) {
    createInterface({ input: sources.input }).on('line', (line) => {
      const answer = control(line);
      if (answer) sources.out(answer);
    });
  }
  return { close: () => void server?.close() };
}
