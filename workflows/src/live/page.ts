const esc = (s: string) => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/**
 * The live view page (opened in a new tab from Submissions): the browser's screen as CDP screencast
 * frames arrive over server-sent events, the step the automation is on, and once the run has ended
 * the final screenshot with the outcome. Self-contained (no bundle), so the worker's stream is all it
 * needs. The signed token in its URL authorises the stream and the screenshot for this submission only.
 */
export function renderLivePage(opts: { submissionId: string; token: string; firmName: string }): string {
  const q = `?token=${encodeURIComponent(opts.token)}`;
  const base = `/live/${encodeURIComponent(opts.submissionId)}`;
  return `<!doctype html>
<html lang="en" class="dark">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer">
<title>Live view · ${esc(opts.firmName)} · FundFlow</title>
<script>
  // The app's theme choice (light, dark or system; dark by default), persisted by the app on this origin.
  (function () {
    var t = 'dark';
    try { t = localStorage.getItem('fundflow-theme') || 'dark'; } catch (e) {}
    if (t === 'system') t = window.matchMedia && window.matchMedia('(prefers-color-scheme: light)').matches ? 'light' : 'dark';
    document.documentElement.className = t === 'light' ? 'light' : 'dark';
  })();
</script>
<style>
  :root { color-scheme: dark; --bg:#0b0f17; --card:#121826; --line:#243044; --text:#e6ebf5; --muted:#93a0b8; --accent:#6d8cff; --ok:#22c55e; --bad:#ef4444; --warn:#f59e0b; }
  html.light { color-scheme: light; --bg:#f6f7fb; --card:#ffffff; --line:#dfe3ec; --text:#111827; --muted:#5b6477; }
  * { box-sizing: border-box; }
  body { margin:0; font:14px/1.5 system-ui,-apple-system,Segoe UI,Roboto,sans-serif; background:var(--bg); color:var(--text); }
  header { display:flex; flex-wrap:wrap; gap:8px 16px; align-items:center; justify-content:space-between; padding:14px 20px; border-bottom:1px solid var(--line); background:var(--card); }
  h1 { font-size:16px; margin:0; font-weight:600; }
  .sub { color:var(--muted); font-size:13px; }
  .badges { display:flex; gap:8px; align-items:center; }
  .badge { display:inline-flex; align-items:center; gap:6px; padding:2px 10px; border-radius:999px; border:1px solid var(--line); font-size:12px; font-weight:600; text-transform:capitalize; }
  .dot { width:8px; height:8px; border-radius:50%; background:var(--muted); }
  .live .dot { background:var(--bad); animation:pulse 1.2s infinite; }
  .completed .dot { background:var(--ok); } .failed .dot { background:var(--bad); } .stopped .dot { background:var(--warn); }
  @keyframes pulse { 50% { opacity:.3; } }
  main { padding:16px 20px; display:grid; gap:12px; max-width:1320px; margin:0 auto; }
  .screen { position:relative; background:#05070b; border:1px solid var(--line); border-radius:10px; overflow:hidden; aspect-ratio:1280/900; display:flex; align-items:center; justify-content:center; }
  .screen img { width:100%; height:100%; object-fit:contain; display:block; }
  .placeholder { position:absolute; color:#93a0b8; font-size:14px; }
  .panel { background:var(--card); border:1px solid var(--line); border-radius:10px; padding:12px 14px; }
  .panel h2 { margin:0 0 4px; font-size:13px; color:var(--muted); font-weight:600; }
  .error { color:var(--bad); }
  [hidden] { display:none !important; }
</style>
</head>
<body>
<header>
  <div>
    <h1>Live view · ${esc(opts.firmName)}</h1>
    <div class="sub" id="step">Connecting…</div>
  </div>
  <div class="badges"><span class="badge" id="status"><span class="dot"></span><span id="status-text">connecting</span></span></div>
</header>
<main>
  <section class="panel" id="outcome" hidden><h2>Outcome</h2><div id="summary"></div><div class="error" id="error"></div></section>
  <div class="screen"><img id="screen" alt="The automation's browser screen" hidden><div class="placeholder" id="placeholder">Waiting for the browser…</div></div>
</main>
<script>
(function () {
  var base = ${JSON.stringify(base)}, q = ${JSON.stringify(q)};
  var img = document.getElementById('screen'), ph = document.getElementById('placeholder');
  var stepEl = document.getElementById('step'), badge = document.getElementById('status'), badgeText = document.getElementById('status-text');
  var STEPS = { 'navigating': 'Opening the firm\\u2019s website', 'finding form': 'Looking for the application form', 'filling': 'Filling in the form', 'submitting': 'Sending the application', 'verifying': 'Checking the confirmation' };
  var ended = false;
  function show(src) { img.src = src; img.hidden = false; ph.hidden = true; }
  function setStatus(s, live) { badge.className = 'badge ' + (live ? 'live' : s); badgeText.textContent = live ? 'live \\u00b7 ' + s : s; }
  var es = new EventSource(base + '/stream' + q);
  es.addEventListener('frame', function (e) { if (!ended) show('data:image/jpeg;base64,' + e.data); });
  es.addEventListener('step', function (e) { stepEl.textContent = STEPS[e.data] || e.data; });
  es.addEventListener('state', function (e) {
    var s = JSON.parse(e.data);
    var running = s.status === 'pending' || s.status === 'processing';
    setStatus(s.status, running);
    if (s.status === 'pending') stepEl.textContent = 'Waiting for a free browser\\u2026';
    if (!running) {
      ended = true;
      stepEl.textContent = 'The run has ended.';
      document.getElementById('outcome').hidden = false;
      document.getElementById('summary').textContent = s.summary || '';
      document.getElementById('error').textContent = s.error || '';
      if (s.screenshot) show(base + '/screenshot' + q + '&attempt=' + encodeURIComponent(s.attemptId));
      else if (img.hidden) ph.textContent = 'No screenshot was taken.';
      es.close();
    }
  });
  es.addEventListener('expired', function () { es.close(); stepEl.textContent = 'This live view link has expired. Open it again from Submissions.'; setStatus('expired', false); });
  es.onerror = function () { if (!ended) stepEl.textContent = 'Reconnecting\\u2026'; };
})();
</script>
</body>
</html>`;
}
