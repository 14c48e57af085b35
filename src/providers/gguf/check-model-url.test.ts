import { describe, expect, it } from 'vitest';
import { checkModelUrl } from './check-model-url';

const refusal = (url: string): string => {
  const checked = checkModelUrl(url);
  return 'refused' in checked ? checked.refused : 'accepted';
};

describe('checkModelUrl', () => {
  it('takes https anywhere and http on loopback only', () => {
    expect(checkModelUrl(' https://huggingface.co/x/y/resolve/main/m.gguf ')).toEqual({
      url: 'https://huggingface.co/x/y/resolve/main/m.gguf',
    });
    expect(checkModelUrl('http://localhost:8000/m.gguf')).toEqual({ url: 'http://localhost:8000/m.gguf' });
    expect(checkModelUrl('http://127.0.0.1/m.gguf')).toEqual({ url: 'http://127.0.0.1/m.gguf' });
    expect(checkModelUrl('http://[::1]:9/m.gguf')).toEqual({ url: 'http://[::1]:9/m.gguf' });
    expect(refusal('http://192.168.1.2/m.gguf')).toMatch(/only on this machine/);
    expect(refusal('http://localhost.evil.example/m.gguf')).not.toBe('accepted');
    expect(refusal('file:///m.gguf')).toMatch(/not file/);
    expect(refusal('https://user:pw@host/m.gguf')).toMatch(/user name/);
    expect(refusal('m.gguf')).toMatch(/not a URL/);
  });
});
