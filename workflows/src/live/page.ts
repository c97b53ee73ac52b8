const esc = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

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
  @media (max-width: 640px) { header { padding:10px 12px; } main { padding:12px; } }
  .screen { position:relative; background:#05070b; border:1px solid var(--line); border-radius:10px; overflow:hidden; aspect-ratio:1280/900; display:flex; align-items:center; justify-content:center; }
  .screen img { width:100%; height:100%; object-fit:contain; display:block; }
  /* Zoomed in: the box scrolls (a finger or the scrollbars pan), the frame is zoom × the box's width. */
  .screen.zoomed { display:block; aspect-ratio:auto; height:min(70vh, 720px); overflow:auto; overscroll-behavior:contain; touch-action:pan-x pan-y; }
  .screen.zoomed img { height:auto; max-width:none; object-fit:fill; }
  .back { display:inline-flex; align-items:center; gap:6px; color:var(--text); text-decoration:none; font-weight:600; padding:6px 12px; border:1px solid var(--line); border-radius:8px; background:var(--bg); }
  .back:hover { border-color:var(--accent); }
  .back:focus-visible, .zoombar button:focus-visible { outline:2px solid var(--accent); outline-offset:2px; }
  .zoombar { display:flex; flex-wrap:wrap; gap:8px; align-items:center; }
  .zoombar button { min-width:44px; min-height:40px; padding:6px 12px; }
  #zoom-level { min-width:4.5rem; text-align:center; font-variant-numeric:tabular-nums; color:var(--muted); }
  .placeholder { position:absolute; color:#93a0b8; font-size:14px; }
  .panel { background:var(--card); border:1px solid var(--line); border-radius:10px; padding:12px 14px; }
  .panel h2 { margin:0 0 4px; font-size:13px; color:var(--muted); font-weight:600; }
  .error { color:var(--bad); }
  .takeover { border-color:var(--warn); }
  .takeover h2 { color:var(--warn); font-size:14px; }
  .row { display:flex; flex-wrap:wrap; gap:8px; align-items:center; margin-top:8px; }
  .row input[type=text] { flex:1 1 12rem; min-width:0; padding:8px 10px; border-radius:8px; border:1px solid var(--line); background:var(--bg); color:var(--text); font:inherit; }
  button { padding:8px 14px; border-radius:8px; border:1px solid var(--line); background:var(--bg); color:var(--text); font:inherit; cursor:pointer; }
  button:focus-visible, .screen.control:focus-visible { outline:2px solid var(--accent); outline-offset:2px; }
  button.primary { background:var(--accent); border-color:var(--accent); color:#fff; font-weight:600; }
  button.danger { border-color:var(--bad); color:var(--bad); }
  .screen.control { cursor:crosshair; box-shadow:0 0 0 2px var(--warn); }
  .hint { color:var(--muted); font-size:12px; margin-top:6px; }
  [hidden] { display:none !important; }
</style>
</head>
<body>
<header>
  <div>
    <h1>Live view · ${esc(opts.firmName)}</h1>
    <div class="sub" id="step">Connecting…</div>
  </div>
  <div class="badges"><span class="badge" id="status"><span class="dot"></span><span id="status-text">connecting</span></span><a class="back" href="/submissions">&larr; Back to FundFlow</a></div>
</header>
<main>
  <section class="panel takeover" id="takeover" hidden aria-live="polite">
    <h2>Needs you in the live view</h2>
    <div id="takeover-why"></div>
    <div class="sub">Time left: <strong id="takeover-left">–</strong>. Without you the run ends failed and your credit is refunded; nothing is sent.</div>
    <div class="row">
      <form id="type-form" class="row" style="margin:0;flex:1 1 16rem"><input type="text" id="type-text" aria-label="Text to type into the page" placeholder="Click a field on the screen, then type here"><button type="submit">Type</button></form>
      <button type="button" data-key="Enter">Enter</button><button type="button" data-key="Tab">Tab</button><button type="button" data-key="Backspace">Backspace</button>
      <button type="button" data-scroll="-600">Scroll page up</button><button type="button" data-scroll="600">Scroll page down</button>
    </div>
    <div class="row">
      <button type="button" class="primary" id="continue">Continue</button>
      <button type="button" class="danger" id="stop">Stop</button>
      <span class="sub" id="takeover-msg" role="status"></span>
    </div>
    <div class="hint">Click (or tap) on the screen to click on the page; scroll over it, or use Scroll page up / down, to scroll it. Press Continue once you are past the check: the automation looks at the page again and sends the application.</div>
  </section>
  <section class="panel" id="outcome" hidden><h2>Outcome</h2><div id="summary"></div><div class="error" id="error"></div></section>
  <div class="zoombar" role="group" aria-label="Zoom the screen">
    <button type="button" id="zoom-out" aria-label="Zoom out">&minus;</button>
    <span id="zoom-level" aria-live="polite">Fit to width</span>
    <button type="button" id="zoom-in" aria-label="Zoom in">+</button>
    <button type="button" id="zoom-fit">Fit to width</button>
    <span class="sub">Pinch or use the buttons to zoom; drag or scroll to move around.</span>
  </div>
  <div class="screen" id="screen-box"><img id="screen" alt="The automation's browser screen" hidden><div class="placeholder" id="placeholder">Waiting for the browser…</div></div>
</main>
<script>
(function () {
  var base = ${JSON.stringify(base)}, q = ${JSON.stringify(q)};
  var img = document.getElementById('screen'), ph = document.getElementById('placeholder');
  var stepEl = document.getElementById('step'), badge = document.getElementById('status'), badgeText = document.getElementById('status-text');
  var STEPS = { 'navigating': 'Opening the firm\\u2019s website', 'finding form': 'Looking for the application form', 'filling': 'Filling in the form', 'submitting': 'Sending the application', 'verifying': 'Checking the confirmation', 'waiting for you': 'Waiting for you to take over' };
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
    setTakeover(running && s.subStatus === 'waiting_for_takeover' ? s.takeover : null);
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
  // Taking over: the owner's clicks, text, keys and scrolling go to the page while the run waits for them.
  var box = document.getElementById('screen-box'), panel = document.getElementById('takeover'), msg = document.getElementById('takeover-msg');
  var control = false, left = 0, countdown = null;
  var REASONS = { captcha: 'The form is protected by a CAPTCHA. Solve it on the screen below, then press Continue.', login_required: 'The firm asks you to sign in. Sign in on the screen below, then press Continue.', field_stuck: 'A required field keeps undoing the automation\u2019s choice. Set it yourself on the screen below, then press Continue.' };
  function post(path, body) {
    return fetch(base + path + q, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body || {}) })
      .then(function (r) { return r.json().catch(function () { return {}; }).then(function (b) { if (!r.ok) throw new Error(b.error || ('HTTP ' + r.status)); return b; }); });
  }
  function fail(e) { msg.textContent = e.message; }
  function fmt(s) { var m = Math.floor(s / 60), r = s % 60; return m + ':' + (r < 10 ? '0' : '') + r; }
  function setTakeover(t) {
    control = !!t;
    panel.hidden = !t;
    box.classList.toggle('control', control);
    box.tabIndex = control ? 0 : -1;
    if (!t) { if (countdown) clearInterval(countdown); countdown = null; return; }
    document.getElementById('takeover-why').textContent = REASONS[t.reason] || '';
    left = t.remainingS;
    document.getElementById('takeover-left').textContent = fmt(left);
    if (!countdown) countdown = setInterval(function () { left = Math.max(0, left - 1); document.getElementById('takeover-left').textContent = fmt(left); }, 1000);
  }
  function framePoint(e) {
    var nw = img.naturalWidth, nh = img.naturalHeight, rect = img.getBoundingClientRect();
    if (!nw || !nh) return null;
    var scale = Math.min(rect.width / nw, rect.height / nh), dx = (rect.width - nw * scale) / 2, dy = (rect.height - nh * scale) / 2;
    var x = (e.clientX - rect.left - dx) / scale, y = (e.clientY - rect.top - dy) / scale;
    if (x < 0 || y < 0 || x > nw || y > nh) return null;
    return { x: x, y: y, frameWidth: nw, frameHeight: nh };
  }
  img.addEventListener('click', function (e) {
    if (!control) return;
    var p = framePoint(e); if (!p) return;
    p.type = 'click'; msg.textContent = '';
    post('/input', p).catch(fail);
  });
  // Zoom and pan (a phone shows a 1280 px page at about a quarter of its size: too small for a
  // CAPTCHA). Zoom is relative to the box's width; the box scrolls, and the point at its centre stays put.
  var ZOOMS = [1, 1.5, 2, 3, 4], zoom = 1, levelEl = document.getElementById('zoom-level');
  function setZoom(z) {
    z = Math.max(1, Math.min(4, z));
    var cx = box.scrollWidth ? (box.scrollLeft + box.clientWidth / 2) / box.scrollWidth : 0.5;
    var cy = box.scrollHeight ? (box.scrollTop + box.clientHeight / 2) / box.scrollHeight : 0.5;
    zoom = z;
    box.classList.toggle('zoomed', z > 1);
    img.style.width = z > 1 ? (z * 100) + '%' : '';
    box.scrollLeft = cx * box.scrollWidth - box.clientWidth / 2;
    box.scrollTop = cy * box.scrollHeight - box.clientHeight / 2;
    levelEl.textContent = z > 1 ? Math.round(z * 100) + '% of the width' : 'Fit to width';
  }
  document.getElementById('zoom-in').addEventListener('click', function () { setZoom(ZOOMS.find(function (v) { return v > zoom + 0.01; }) || 4); });
  document.getElementById('zoom-out').addEventListener('click', function () { setZoom(ZOOMS.slice().reverse().find(function (v) { return v < zoom - 0.01; }) || 1); });
  document.getElementById('zoom-fit').addEventListener('click', function () { setZoom(1); });
  var pinch = null;
  function spread(t) { return Math.hypot(t[0].clientX - t[1].clientX, t[0].clientY - t[1].clientY); }
  box.addEventListener('touchstart', function (e) { if (e.touches.length === 2) pinch = { d: spread(e.touches), z: zoom }; }, { passive: true });
  box.addEventListener('touchmove', function (e) {
    if (!pinch || e.touches.length !== 2) return;
    e.preventDefault();
    setZoom(pinch.z * spread(e.touches) / pinch.d);
  }, { passive: false });
  box.addEventListener('touchend', function (e) { if (e.touches.length < 2) pinch = null; });
  var wheelAt = 0;
  box.addEventListener('wheel', function (e) {
    if (!control) return;
    e.preventDefault();
    var now = Date.now(); if (now - wheelAt < 80) return; wheelAt = now;
    var p = framePoint(e) || { x: 1, y: 1, frameWidth: img.naturalWidth || 1280, frameHeight: img.naturalHeight || 900 };
    p.type = 'scroll'; p.deltaY = Math.max(-2000, Math.min(2000, e.deltaY * 2));
    post('/input', p).catch(fail);
  }, { passive: false });
  document.getElementById('type-form').addEventListener('submit', function (e) {
    e.preventDefault();
    var t = document.getElementById('type-text');
    if (!t.value) return;
    post('/input', { type: 'type', text: t.value }).then(function () { t.value = ''; msg.textContent = 'Typed.'; }, fail);
  });
  Array.prototype.forEach.call(document.querySelectorAll('[data-key]'), function (b) {
    b.addEventListener('click', function () { post('/input', { type: 'key', key: b.getAttribute('data-key') }).catch(fail); });
  });
  // A phone has no wheel: these scroll the firm's page.
  Array.prototype.forEach.call(document.querySelectorAll('[data-scroll]'), function (b) {
    b.addEventListener('click', function () {
      var w = img.naturalWidth || 1280, h = img.naturalHeight || 900;
      post('/input', { type: 'scroll', x: w / 2, y: h / 2, frameWidth: w, frameHeight: h, deltaY: Number(b.getAttribute('data-scroll')) }).catch(fail);
    });
  });
  document.getElementById('continue').addEventListener('click', function () {
    msg.textContent = 'Handing the page back\u2026';
    post('/continue').then(function () { msg.textContent = 'The automation is checking the page again.'; }, fail);
  });
  document.getElementById('stop').addEventListener('click', function () {
    msg.textContent = 'Stopping\u2026';
    post('/stop').then(function () { msg.textContent = 'Stopped.'; }, fail);
  });
  es.addEventListener('expired', function () { es.close(); stepEl.textContent = 'This live view link has expired. Open it again from Submissions.'; setStatus('expired', false); });
  es.onerror = function () { if (!ended) stepEl.textContent = 'Reconnecting\\u2026'; };
})();
</script>
</body>
</html>`;
}
