// The image's HEALTHCHECK: exit 0 while GET /api/health answers 200 (`ok`, or `degraded` while a
// notification channel or Redis fails: the site still works), 1 otherwise. Node's own fetch, so the
// image needs no curl.
const port = process.env.PORT || '3000';
const timeout = AbortSignal.timeout(4000);
fetch(`http://127.0.0.1:${port}/api/health`, { signal: timeout }).then(
  async (res) => {
    console.log(res.status, await res.text());
    process.exit(res.status === 200 ? 0 : 1);
  },
  (err) => {
    console.log(String(err.cause?.code ?? err.name ?? err));
    process.exit(1);
  },
);
