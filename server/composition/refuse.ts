/** Exits with one clear line instead of a stack trace. */
export function refuse(message: string): never {
  console.error(`running-dinner: ${message}`);
  process.exit(1);
}
