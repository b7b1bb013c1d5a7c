/** A loopback port nobody listens on. */
export function freePort(): Promise<number>;
