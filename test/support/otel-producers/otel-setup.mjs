// The OpenTelemetry SDK as a person's agent sets it up: a tracer and a logger provider exporting over OTLP/HTTP
// (JSON or protobuf, as LOUPE_OTLP_PROTOCOL says) to LOUPE_OTLP_BASE. Run by node.
import { createRequire } from 'node:module';

// The SDKs load through CommonJS `require`, as most deployed agents load them: the instrumentations' require
// hooks patch them there.
const require = createRequire(import.meta.url);
const { trace } = require('@opentelemetry/api');
const { logs } = require('@opentelemetry/api-logs');
const { NodeTracerProvider, BatchSpanProcessor } = require('@opentelemetry/sdk-trace-node');
const { LoggerProvider, BatchLogRecordProcessor } = require('@opentelemetry/sdk-logs');

function exportersFor(protocol, base) {
  if (protocol === 'proto') {
    const { OTLPTraceExporter } = require('@opentelemetry/exporter-trace-otlp-proto');
    const { OTLPLogExporter } = require('@opentelemetry/exporter-logs-otlp-proto');
    return {
      traces: new OTLPTraceExporter({ url: `${base}/v1/traces` }),
      logs: new OTLPLogExporter({ url: `${base}/v1/logs` }),
    };
  }
  const { OTLPTraceExporter } = require('@opentelemetry/exporter-trace-otlp-http');
  const { OTLPLogExporter } = require('@opentelemetry/exporter-logs-otlp-http');
  return {
    traces: new OTLPTraceExporter({ url: `${base}/v1/traces` }),
    logs: new OTLPLogExporter({ url: `${base}/v1/logs` }),
  };
}

/** Registers the providers; returns a tracer and `flush` (export everything, then shut down). */
export function setUpOpenTelemetry(serviceName) {
  const exporters = exportersFor(process.env.LOUPE_OTLP_PROTOCOL, process.env.LOUPE_OTLP_BASE);
  // The default resource reads the service name from the environment, as a deployed agent's would.
  process.env.OTEL_SERVICE_NAME = serviceName;
  const tracerProvider = new NodeTracerProvider({ spanProcessors: [new BatchSpanProcessor(exporters.traces)] });
  tracerProvider.register();
  const loggerProvider = new LoggerProvider({
    processors: [new BatchLogRecordProcessor({ exporter: exporters.logs })],
  });
  logs.setGlobalLoggerProvider(loggerProvider);
  return {
    tracer: trace.getTracer(serviceName),
    async flush() {
      await tracerProvider.forceFlush();
      await loggerProvider.forceFlush();
      await tracerProvider.shutdown();
      await loggerProvider.shutdown();
    },
  };
}
