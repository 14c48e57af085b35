// Polls addresses until each answers 200, so `npm start` prints the app's address only once a browser opened on
// it gets the page (issue 41: the address used to be printed 5–7 s before it answered).

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** True when `url` answers a GET with 200; false on any refusal or other status. */
export async function answers(url) {
  try {
    const response = await fetch(url, { redirect: 'manual' });
    await response.arrayBuffer();
    return response.status === 200;
  } catch {
    return false;
  }
}

/**
 * Resolves once every url answers 200, in order (the dev server transforms the entry module on its first
 * request, so asking for it here makes the browser's first load quicker too). Rejects after `timeoutMs`, or
 * at once when `isGone()` says the server process ended.
 */
export async function waitUntilAnswering(urls, { timeoutMs = 180_000, isGone = () => false } = {}) {
  const deadline = Date.now() + timeoutMs;
  for (const url of urls) {
    while (!(await answers(url))) {
      if (isGone()) throw new Error(`The server ended before ${url} answered.`);
      if (Date.now() > deadline) throw new Error(`${url} did not answer within ${timeoutMs / 1000} s.`);
      await sleep(100);
    }
  }
}
