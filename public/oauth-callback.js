// The page an MCP server's OAuth sign-in sends the person back to: hands code/state/error to Loupe and closes.
// Loupe listens on BroadcastChannel('loupe-oauth'); window.opener.postMessage (same origin only) is the fallback.
(function () {
  'use strict';
  var query = new URLSearchParams(window.location.search);
  var params = {};
  [
    ['code', 'code'],
    ['state', 'state'],
    ['error', 'error'],
    ['errorDescription', 'error_description'],
  ].forEach(function (pair) {
    var value = query.get(pair[1]);
    if (value !== null) params[pair[0]] = value;
  });
  var message = { type: 'loupe-oauth-callback', params: params };
  var delivered = false;
  try {
    var channel = new BroadcastChannel('loupe-oauth');
    channel.postMessage(message);
    channel.close();
    delivered = true;
  } catch (error) {
    delivered = false;
  }
  try {
    if (window.opener && !window.opener.closed) {
      window.opener.postMessage(message, window.location.origin);
      delivered = true;
    }
  } catch (error) {
    // The opener may have navigated away; the channel above is the main path anyway.
  }
  // Keep the code out of the history and of anything that reads this page's address later.
  window.history.replaceState(null, '', window.location.pathname);
  var status = document.getElementById('status');
  if (status) {
    status.textContent = delivered
      ? 'Signed in. You can close this window.'
      : 'Loupe could not be told about this sign-in. Close this window and press Sign in again.';
  }
  if (delivered)
    window.setTimeout(function () {
      window.close();
    }, 50);
})();
