// The page an MCP server's OAuth sign-in sends the person back to. Loupe opens the sign-in with noopener, so
// this page has no window.opener: it hands code/state/error to Loupe over BroadcastChannel('loupe-oauth')
// (same origin only), and closes once Loupe answers that the state is the one it is waiting for. Nothing
// from this page's address is ever shown, so a crafted address cannot put words in front of the person.
(function () {
  'use strict';
  var query = new URLSearchParams(window.location.search);
  var params = {};
  [
    ['code', 'code'],
    ['state', 'state'],
    ['error', 'error'],
    ['errorDescription', 'error_description'],
    ['iss', 'iss'],
  ].forEach(function (pair) {
    var value = query.get(pair[1]);
    if (value !== null) params[pair[0]] = value;
  });
  // Keep the code out of the history and of anything that reads this page's address later.
  window.history.replaceState(null, '', window.location.pathname);
  var status = document.getElementById('status');
  function say(text) {
    if (status) status.textContent = text;
  }
  if (typeof BroadcastChannel === 'undefined') {
    say('This browser cannot hand the sign-in back to Loupe. Close this window.');
    return;
  }
  var channel = new BroadcastChannel('loupe-oauth');
  var taken = false;
  // No answer yet is not final: a busy Loupe tab may still take it, and then this window closes after all.
  var timer = window.setTimeout(function () {
    if (!taken)
      say(
        'Loupe has not taken this sign-in: no Loupe tab is waiting for it. Close this window and press Sign in again in Loupe.',
      );
  }, 5000);
  channel.onmessage = function (event) {
    var data = event.data;
    if (taken || !data || data.type !== 'loupe-oauth-ack' || typeof params.state !== 'string') return;
    if (data.state !== params.state) return;
    taken = true;
    window.clearTimeout(timer);
    channel.close();
    say('Loupe has the answer. You can close this window.');
    window.setTimeout(function () {
      window.close();
    }, 50);
  };
  channel.postMessage({ type: 'loupe-oauth-callback', params: params });
})();
