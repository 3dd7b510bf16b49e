/** A chaos child's settings come from its parent as environment variables; a missing one is a wiring error: exit 2. */
export function requiredEnv(child: string, name: string): string {
  const v = process.env[name];
  if (v === undefined || v === '') {
    process.stderr.write(`${child}: ${name} is required\n`);
    process.exit(2);
  }
  return v;
}
