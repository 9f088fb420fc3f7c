# Varnish 7.1 with xkey (Debian: varnish, varnish-modules) in front of the local origin (npm start). The blog's
# answers are kept until a change of the store purges their tags; other public answers for a minute.
#   varnishd -a 127.0.0.1:6081 -f "$PWD/docs/varnish/skribra.vcl"   (the backend below: the origin's host and port)
#   SKRIBRA_PURGE_URL=http://127.0.0.1:6081/_purge npm start
# docs/operations.md ("Behind a shared cache") says more; scripts/ci-varnish.sh starts it, tests/varnish/ tests it.
vcl 4.1;

import std;
import xkey;

# scripts/ci-varnish.sh replaces these two lines with the origin it is given.
backend origin {
  .host = "127.0.0.1";
  .port = "4321";
}

# Who may purge: the origin's own machine (the purge worker posts from there).
acl purgers {
  "127.0.0.1";
  "::1";
}

sub vcl_recv {
  # A purge from the origin: POST /_purge with the tags, space separated, in xkey-purge. Soft: a purged copy is
  # never served again while the origin answers, only as stale-if-error while it fails (below).
  if (req.url == "/_purge") {
    if (req.method != "POST") {
      return (synth(405, "POST only"));
    }
    if (client.ip !~ purgers) {
      return (synth(403, "Not allowed to purge"));
    }
    if (!req.http.xkey-purge) {
      return (synth(400, "No xkey-purge header"));
    }
    return (synth(200, "purged " + xkey.softpurge(req.http.xkey-purge)));
  }
  if (req.method != "GET" && req.method != "HEAD") {
    return (pass);
  }
  # A keyed request (/v1, /v1/mcp) is counted and rate-limited by the origin: never answered from the cache.
  if (req.http.Authorization || req.http.X-Api-Key) {
    return (pass);
  }
  # While the origin answers, no grace: an expired or purged copy is fetched again before it is served. When it
  # fails, the request starts again (vcl_synth) with X-Skribra-Stale-Ok, and a kept copy within its grace (the
  # answer's stale-if-error) is served instead; with none, the origin's own failure is.
  if (req.restarts == 0) {
    unset req.http.X-Skribra-Stale-Ok;
    set req.grace = 0s;
  } else {
    set req.http.X-Skribra-Stale-Ok = "1";
    set req.grace = 365d;
  }
  # The site keeps no sessions: a cookie never changes an answer. Accept stays: the origin varies page answers on it
  # (markdown twins, Vary: Accept), and Varnish keeps one copy per Accept value. The built-in rules follow.
  unset req.http.Cookie;
}

sub vcl_backend_response {
  # Tagged answers (the blog): purged by their Surrogate-Key, kept for Surrogate-Control's max-age (a year: until a
  # purge), and for its stale-if-error past that, to be served while the origin fails. Varnish reads neither header.
  if (beresp.http.Surrogate-Key) {
    set beresp.http.xkey = beresp.http.Surrogate-Key;
  }
  if (beresp.http.Surrogate-Control ~ "max-age=[0-9]+") {
    set beresp.ttl = std.duration(regsub(beresp.http.Surrogate-Control, "^.*max-age=([0-9]+).*$", "\1") + "s", 0s);
  } else if (beresp.ttl < 60s && beresp.http.Cache-Control ~ "public" && (beresp.status == 200 || beresp.status == 404)) {
    # The static site's pages (public, max-age=0, must-revalidate, an ETag): kept a minute, then revalidated (a 304),
    # so a new build reaches readers through this cache within a minute.
    set beresp.ttl = 60s;
  }
  set beresp.grace = 1d;
  if (beresp.http.Surrogate-Control ~ "stale-if-error=[0-9]+") {
    set beresp.grace = std.duration(regsub(beresp.http.Surrogate-Control, "^.*stale-if-error=([0-9]+).*$", "\1") + "s", 0s);
  }
  if (beresp.status >= 500 && !bereq.uncacheable) {
    # Delivered, a failure would replace the kept copy (Varnish drops the stale object when a fetch ends): dropped
    # instead, so that the restart can serve the copy; on the restart (nothing kept) it is the answer, never kept.
    if (bereq.is_bgfetch || !bereq.http.X-Skribra-Stale-Ok) {
      return (abandon);
    }
    set beresp.ttl = 0s;
    set beresp.grace = 0s;
    set beresp.uncacheable = true;
    return (deliver);
  }
  # Answers that name a client are never shared (the built-in rules also keep out Vary: * and no-cache).
  if (beresp.http.Set-Cookie || beresp.http.Cache-Control ~ "(private|no-store)") {
    set beresp.ttl = 120s;
    set beresp.uncacheable = true;
    return (deliver);
  }
}

sub vcl_backend_error {
  # No connection to the origin: as a 5xx above.
  if (!bereq.uncacheable && (bereq.is_bgfetch || !bereq.http.X-Skribra-Stale-Ok)) {
    return (abandon);
  }
  set beresp.ttl = 0s;
  set beresp.grace = 0s;
}

sub vcl_synth {
  # The purge's answers in plain text: "purged 3".
  if (req.url == "/_purge") {
    set resp.http.Content-Type = "text/plain; charset=utf-8";
    set resp.body = resp.reason + {"
"};
    return (deliver);
  }
  # The origin failed (the fetch was abandoned above): once more, allowing a kept copy.
  if (resp.status == 503 && req.restarts == 0 && (req.method == "GET" || req.method == "HEAD")) {
    return (restart);
  }
}

sub vcl_deliver {
  if (obj.hits > 0 && req.restarts > 0) {
    set resp.http.X-Cache = "STALE";
  } else if (obj.hits > 0) {
    set resp.http.X-Cache = "HIT";
  } else {
    set resp.http.X-Cache = "MISS";
  }
  # The cache's own headers stay with the cache.
  unset resp.http.xkey;
  unset resp.http.Surrogate-Control;
}
