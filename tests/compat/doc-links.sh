#!/usr/bin/env bash
# The links between the documents resolve: every relative link of README.md, SECURITY.md,
# CONTRIBUTING.md and docs/*.md names a file that exists and, after #, a heading it has
# (tests/compat/doc-links.inc.php). Prints the broken links, then: N passed, N failed, N skipped.
cd "$(dirname "$0")/../.."
php -n tests/compat/doc-links.inc.php README.md SECURITY.md CONTRIBUTING.md docs/*.md
