import { describe, expect, it, vi } from 'vitest';
import { fetchModelFile, refuseModelUrl } from './fetch-model-file';

/** A response as `fetch` gives it after redirects: `url` and `redirected` say where it ended. */
function answer(body: BodyInit | null, init: ResponseInit & { url?: string; redirected?: boolean } = {}): Response {
  const response = new Response(body, init);
  Object.defineProperty(response, 'url', { value: init.url ?? '' });
  Object.defineProperty(response, 'redirected', { value: init.redirected ?? false });
  return response;
}

describe('refuseModelUrl', () => {
  it('takes https anywhere and http on this machine, from a page on this machine', () => {
    expect(refuseModelUrl('https://huggingface.co/x/resolve/main/m.gguf', 'local')).toBeUndefined();
    expect(refuseModelUrl('http://127.0.0.1:8080/m.gguf', 'local')).toBeUndefined();
    expect(refuseModelUrl('http://localhost/m.gguf', 'local')).toBeUndefined();
  });

  it('refuses http elsewhere, other schemes, user info, and non-URLs', () => {
    expect(refuseModelUrl('http://example.com/m.gguf', 'local')).toMatch(/only on this machine/);
    expect(refuseModelUrl('file:///etc/passwd', 'local')).toMatch(/must be https/);
    expect(refuseModelUrl('javascript:alert(1)', 'local')).toMatch(/must be https/);
    expect(refuseModelUrl('https://user:secret@example.com/m.gguf', 'local')).toMatch(/user name or password/);
    expect(refuseModelUrl('not a url', 'local')).toMatch(/not a URL/);
  });

  it('refuses a private or loopback address from a public page', () => {
    expect(refuseModelUrl('https://10.0.0.5/m.gguf', 'public')).toMatch(
      /may not fetch a model from your local network/,
    );
    expect(refuseModelUrl('https://192.168.1.2/m.gguf', 'public')).toMatch(/your local network/);
    expect(refuseModelUrl('http://127.0.0.1/m.gguf', 'public')).toMatch(/this machine/);
    expect(refuseModelUrl('https://[::1]/m.gguf', 'public')).toMatch(/this machine/);
    expect(refuseModelUrl('https://huggingface.co/m.gguf', 'public')).toBeUndefined();
  });
});

describe('fetchModelFile', () => {
  it('streams the file with its progress, without credentials', async () => {
    const fetch = vi.fn(() => Promise.resolve(answer(new Uint8Array(10), { headers: { 'content-length': '10' } })));
    const progress: [number, number][] = [];
    const download = await fetchModelFile('https://example.com/a.gguf?token=s3cret', {
      fetch,
      pageSpace: 'public',
      onProgress: (loaded, total) => progress.push([loaded, total]),
    });
    expect(download.sizeBytes).toBe(10);
    expect(download.origin).not.toContain('s3cret');
    expect((await new Response(download.body).arrayBuffer()).byteLength).toBe(10);
    expect(progress.at(-1)).toEqual([10, 10]);
    expect(fetch).toHaveBeenCalledWith(
      'https://example.com/a.gguf?token=s3cret',
      expect.objectContaining({ credentials: 'omit' }),
    );
  });

  it('refuses before any request what the URL rule refuses', async () => {
    const fetch = vi.fn();
    await expect(fetchModelFile('https://10.1.2.3/m.gguf', { fetch, pageSpace: 'public' })).rejects.toThrow(
      /your local network/,
    );
    expect(fetch).not.toHaveBeenCalled();
  });

  it('refuses a redirect that ends on a private address or on plain http', async () => {
    for (const end of ['https://192.168.0.10/m.gguf', 'http://cdn.example.com/m.gguf']) {
      const body = new ReadableStream<Uint8Array>();
      const cancel = vi.spyOn(body, 'cancel');
      const fetch = vi.fn(() => Promise.resolve(answer(body, { url: end, redirected: true })));
      await expect(fetchModelFile('https://huggingface.co/m.gguf', { fetch, pageSpace: 'public' })).rejects.toThrow(
        /redirects to .* which is refused/,
      );
      expect(cancel).toHaveBeenCalled();
    }
  });

  it('follows a redirect to another https host (model hosts send files from a CDN)', async () => {
    const fetch = vi.fn(() =>
      Promise.resolve(answer(new Uint8Array(3), { url: 'https://cdn-lfs.example.com/blob', redirected: true })),
    );
    const download = await fetchModelFile('https://huggingface.co/m.gguf', { fetch, pageSpace: 'public' });
    expect(download.sizeBytes).toBeUndefined();
    expect((await new Response(download.body).arrayBuffer()).byteLength).toBe(3);
  });

  it('says what failed: an error status, the network, a body longer than announced', async () => {
    await expect(
      fetchModelFile('https://example.com/m.gguf', {
        fetch: () => Promise.resolve(answer('no', { status: 404, statusText: 'Not Found' })),
        pageSpace: 'public',
      }),
    ).rejects.toThrow('https://example.com/m.gguf answered 404 Not Found.');
    await expect(
      fetchModelFile('https://example.com/m.gguf', {
        fetch: () => Promise.reject(new TypeError('Failed to fetch')),
        pageSpace: 'public',
      }),
    ).rejects.toThrow(/network error, or the server does not allow this page to read the file \(CORS\)/);
    const liar = await fetchModelFile('https://example.com/m.gguf', {
      fetch: () => Promise.resolve(answer(new Uint8Array(50), { headers: { 'content-length': '5' } })),
      pageSpace: 'public',
    });
    await expect(new Response(liar.body).arrayBuffer()).rejects.toThrow(/more bytes than it announced/);
  });
});
