// The image's HEALTHCHECK: exit 0 when this container's process answers.
//   node infra/docker/healthcheck.mjs [url]
// Without a URL: GET /api/health on PORT (liveness of roles all and api); when nothing listens there
// and METRICS_PORT is set (roles projections and worker), GET /metrics on it with METRICS_TOKEN.
// Compose uses /api/ready for the API's readiness (depends_on) by passing that URL.
const port = process.env.PORT || '3000';
const urls = process.argv[2]
  ? [process.argv[2]]
  : [
      `http://127.0.0.1:${port}/api/health`,
      ...(process.env.METRICS_PORT ? [`http://127.0.0.1:${process.env.METRICS_PORT}/metrics`] : []),
    ];
const headers = process.env.METRICS_TOKEN ? { authorization: `Bearer ${process.env.METRICS_TOKEN}` } : {};

for (const url of urls) {
  try {
    const res = await fetch(url, {
      headers: url.endsWith('/metrics') ? headers : {},
      signal: AbortSignal.timeout(4000),
    });
    process.exit(res.ok ? 0 : 1);
  } catch {
    // Nothing listening there: try the next address.
  }
}
process.exit(1);
