// The MCP App sandbox proxy (the extension's "sandbox proxy"): Loupe frames this page on an opaque origin,
// sends it the app's page once (`ui/notifications/sandbox-resource-ready`), and this script renders it in an
// inner frame (also sandboxed, never same-origin) and relays every other message both ways, unchanged.
// It accepts messages only from its parent (Loupe) and from the frame it made. See docs/mcp-apps.md.
(function () {
  'use strict';
  var parentWindow = window.parent;
  if (parentWindow === window) {
    document.addEventListener('DOMContentLoaded', function () {
      document.body.textContent = 'This page only runs MCP Apps inside Loupe.';
    });
    return;
  }
  var inner = null;
  window.addEventListener('message', function (event) {
    var data = event.data;
    if (event.source === parentWindow) {
      if (data && data.method === 'ui/notifications/sandbox-resource-ready') {
        if (inner !== null || !data.params || typeof data.params.html !== 'string') return;
        inner = document.createElement('iframe');
        // Scripts only: never allow-same-origin, popups or top navigation, whatever was asked.
        inner.setAttribute('sandbox', 'allow-scripts');
        inner.setAttribute('title', 'MCP App');
        inner.srcdoc = data.params.html;
        document.body.appendChild(inner);
        return;
      }
      if (inner !== null && inner.contentWindow !== null) inner.contentWindow.postMessage(data, '*');
      return;
    }
    if (inner !== null && event.source === inner.contentWindow) parentWindow.postMessage(data, '*');
  });
  parentWindow.postMessage({ jsonrpc: '2.0', method: 'ui/notifications/sandbox-proxy-ready', params: {} }, '*');
})();
