// The worker build's stand-in for @opentelemetry/api: every name the Anthropic SDK imports, behaving as the real API
// does when nothing is registered.
import { readFileSync } from 'node:fs';
import * as real from '@opentelemetry/api';
import { describe, expect, it } from 'vitest';
import * as off from './opentelemetry-off';
import { sdkModules } from '../../../test/support/sdk-modules';

describe('opentelemetry-off', () => {
  it('exports every value the Anthropic SDK imports from @opentelemetry/api', () => {
    const imported = new Set<string>();
    for (const file of sdkModules('node_modules/@anthropic-ai/sdk'))
      for (const match of readFileSync(file, 'utf8').matchAll(/import\s*\{([^}]*)\}\s*from\s*'@opentelemetry\/api'/g))
        for (const name of (match[1] ?? '').split(','))
          if (name.trim() !== '' && !name.trim().startsWith('type ')) imported.add(name.trim());
    expect([...imported].sort()).toEqual(['SpanKind', 'SpanStatusCode', 'context', 'propagation', 'trace']);
    for (const name of imported) expect(off).toHaveProperty(name);
    expect(off.SpanKind).toMatchObject({ INTERNAL: real.SpanKind.INTERNAL, CLIENT: real.SpanKind.CLIENT });
    expect(off.SpanStatusCode).toEqual({ UNSET: real.SpanStatusCode.UNSET, OK: 1, ERROR: real.SpanStatusCode.ERROR });
  });

  it('behaves as the unregistered API: runs code in a context, keeps spans in it, traces and propagates nothing', () => {
    const span = off.trace.getTracerProvider().getTracer().startSpan();
    expect(span.isRecording()).toBe(real.trace.getTracer('t').startSpan('s').isRecording());
    expect(off.trace.isSpanContextValid(span.spanContext())).toBe(false);
    const valid = { traceId: 'a'.repeat(32), spanId: 'b'.repeat(16), traceFlags: 1 };
    expect(off.trace.isSpanContextValid(valid)).toBe(real.trace.isSpanContextValid(valid));
    expect(off.trace.isSpanContextValid({ ...valid, spanId: 'xyz' })).toBe(false);
    const withSpan = off.trace.setSpan(off.context.active(), span);
    expect(off.trace.getSpan(withSpan)).toBe(span);
    expect(off.trace.getSpan(off.context.active())).toBeUndefined();
    expect(off.context.with(withSpan, (a: number, b: number) => a + b, undefined, 2, 3)).toBe(5);
    const carrier = {};
    off.propagation.inject();
    real.propagation.inject(real.context.active(), carrier);
    expect(carrier).toEqual({});
    expect(off.propagation.fields()).toEqual(real.propagation.fields());
  });
});
