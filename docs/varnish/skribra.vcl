# Varnish 7.1 with xkey (Debian: varnish, varnish-modules) in front of the local origin (npm start). The blog's
# answers are kept until a change of the store purges their tags; everything else follows the origin's headers.
#   varnishd -a :6081 -f docs/varnish/skribra.vcl    (the backend below: the origin's host and port)
#   SKRIBRA_PURGE_URL=http://127.0.0.1:6081/_purge npm start
# docs/operations.md ("Behind a shared cache") says more; tests/varnish/ runs it in CI.
vcl 4.1;

import std;
import xkey;

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
  # A purge from the origin: POST /_purge with the tags, space separated, in xkey-purge. Answers how many went.
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
    return (synth(200, "Purged " + xkey.purge(req.http.xkey-purge)));
  }
  if (req.method != "GET" && req.method != "HEAD") {
    return (pass);
  }
  # The site keeps no sessions: a cookie never changes an answer, so it keys none.
  unset req.http.Cookie;
  return (hash);
}

sub vcl_backend_response {
  # The blog's answers: tagged (Surrogate-Key), kept for Surrogate-Control's max-age (a year: until a purge), and
  # served stale for its stale-if-error while the origin fails (beresp.keep + grace below).
  if (beresp.http.Surrogate-Key) {
    set beresp.http.xkey = beresp.http.Surrogate-Key;
  }
  if (beresp.http.Surrogate-Control ~ "max-age=[0-9]+") {
    set beresp.ttl = std.duration(regsub(beresp.http.Surrogate-Control, "^.*max-age=([0-9]+).*$", "\1") + "s", 0s);
    set beresp.uncacheable = false;
  }
  if (beresp.http.Surrogate-Control ~ "stale-if-error=[0-9]+") {
    set beresp.grace = std.duration(regsub(beresp.http.Surrogate-Control, "^.*stale-if-error=([0-9]+).*$", "\1") + "s", 0s);
  }
  # A failed answer is never kept, and never replaces a kept one.
  if (beresp.status >= 500) {
    if (bereq.is_bgfetch) {
      return (abandon);
    }
    set beresp.ttl = 0s;
    set beresp.uncacheable = true;
  }
  # Answers that name a client are never shared.
  if (beresp.http.Set-Cookie || beresp.http.Cache-Control ~ "(private|no-store)") {
    set beresp.uncacheable = true;
    set beresp.ttl = 120s;
  }
}

sub vcl_deliver {
  if (obj.hits > 0) {
    set resp.http.X-Cache = "HIT";
  } else {
    set resp.http.X-Cache = "MISS";
  }
  # The cache's own headers stay with the cache.
  unset resp.http.xkey;
  unset resp.http.Surrogate-Control;
}
