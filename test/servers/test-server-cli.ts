// What every test server's command-line entry shares: the port and the allowed page origins from the environment,
// and a clean close when the end-to-end stack (or a person) stops it.
import { parseOriginList } from '../../server/check-request-origin';

/** `PORT` (else `defaultPort`) and `LOUPE_ALLOWED_ORIGINS`, as a test server's entry reads them. */
export function testServerCliOptions(defaultPort: number): { port: number; allowedOrigins: string[] } {
  return {
    port: Number(process.env['PORT'] ?? defaultPort),
    allowedOrigins: parseOriginList(process.env['LOUPE_ALLOWED_ORIGINS']),
  };
}

/** Prints `label: url` and, on SIGTERM, closes the server before the process exits. */
export function announceUntilStopped(label: string, handle: { url: string; close(): Promise<void> }): void {
  console.info(`${label}: ${handle.url}`);
  process.on('SIGTERM', () => {
    void handle.close().then(() => process.exit(0));
  });
}
