// A free loopback port at or after the one asked for (the first of 50), for `npm start`'s two servers.
import { createServer } from 'node:net';

const isFree = (port) =>
  new Promise((resolve) => {
    const probe = createServer()
      .once('error', () => resolve(false))
      .once('listening', () => probe.close(() => resolve(true)))
      .listen(port, '127.0.0.1');
  });

/** The first free port in [preferred, preferred + 50); throws when there is none. */
export async function pickPort(preferred) {
  for (let port = preferred; port < preferred + 50; port += 1) if (await isFree(port)) return port;
  throw new Error(`No free port near ${preferred}.`);
}
