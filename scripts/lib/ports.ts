import net from 'node:net';

/** Resolves when nothing listens on host:port, else rejects with a message naming the fix. */
export async function assertPortFree(
  port: number,
  host: string,
  what: string,
  envVar: string,
): Promise<void> {
  const free = await new Promise<boolean>((resolve) => {
    const server = net.createServer();
    server.once('error', () => resolve(false));
    server.listen({ port, host, exclusive: true }, () => server.close(() => resolve(true)));
  });
  if (!free) {
    throw new Error(
      `Port ${port} (${what}) is already in use. Stop the program that listens there, or set ${envVar} to another port.`,
    );
  }
}

/** A port the OS says is free right now. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen({ port: 0, host: '127.0.0.1' }, () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address
          ? resolve(address.port)
          : reject(new Error('no port')),
      );
    });
  });
}

/** Polls until `probe` resolves truthy or `timeoutMs` passes. */
export async function waitFor(
  what: string,
  probe: () => Promise<boolean>,
  { timeoutMs = 60_000, intervalMs = 200 } = {},
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await probe().catch(() => false)) return;
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
  throw new Error(`${what} did not become ready within ${Math.round(timeoutMs / 1000)} s.`);
}
