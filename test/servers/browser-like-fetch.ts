// A fetch that hides response headers the way a browser does for a cross-origin request: only CORS-safelisted
// headers and those named in Access-Control-Expose-Headers stay readable.

const safelisted = new Set([
  'cache-control',
  'content-language',
  'content-length',
  'content-type',
  'expires',
  'last-modified',
  'pragma',
]);

/** `fetch`, but with the response headers a cross-origin page could read. */
export const browserLikeFetch: typeof fetch = async (input, init) => {
  const response = await fetch(input, init);
  const exposed = new Set(
    (response.headers.get('access-control-expose-headers') ?? '')
      .split(',')
      .map((name) => name.trim().toLowerCase())
      .filter((name) => name !== ''),
  );
  const headers = new Headers();
  response.headers.forEach((value, name) => {
    if (safelisted.has(name) || exposed.has(name) || exposed.has('*')) headers.set(name, value);
  });
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
};
