#!/usr/bin/env bash
# `npm run lint:openapi`: the OpenAPI document (`vmp-conformance openapi`), without a profile and with each
# reference profile, through two linters the ecosystem uses — Redocly CLI (its recommended rules) and Spectral
# (spectral:oas). Any error fails; warnings are printed. Without a profile Redocly's security-defined rule is
# skipped: how a request authenticates is a gap of the spec (x-vmp-gap on the document), filled in by a profile. Not part of `npm test`: both are large downloads (npx
# fetches the pinned versions from the registry once, into npm's cache) and add nothing the tests do not hold.
set -euo pipefail
cd "$(dirname "$0")/.."
REDOCLY=@redocly/cli@2.77.0
SPECTRAL=@stoplight/spectral-cli@6.16.3
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
printf 'extends: ["spectral:oas"]\n' > "$dir/.spectral.yaml"
for profile in none profiles/reference.json profiles/reference-alt.json profiles/reference-query.json; do
  doc="$dir/openapi-$(basename "$profile" .json).json"
  if [ "$profile" = none ]; then node bin/vmp-conformance.js openapi --out "$doc"; else node bin/vmp-conformance.js openapi --profile "$profile" --out "$doc"; fi
  echo "== $REDOCLY lint ($profile)"
  npx --yes "$REDOCLY" lint --format stylish $([ "$profile" = none ] && echo --skip-rule security-defined) "$doc"
  echo "== $SPECTRAL lint ($profile)"
  npx --yes "$SPECTRAL" lint --ruleset "$dir/.spectral.yaml" --fail-severity error "$doc"
done
