#!/usr/bin/env bash
# Writes docs/cli-reference.md from the built lightlens-cli: the top-level --help, then
# `lightlens-cli <command> --help` for every command it lists, in that order.
# Usage: scripts/gen-cli-reference.sh [--check] [CLI] [OUTPUT]
#   CLI     the lightlens-cli binary (default: ./build/app/lightlens-cli, the release preset)
#   OUTPUT  the Markdown file (default: docs/cli-reference.md)
#   --check write nothing; exit 1 with a diff when OUTPUT differs from what CLI prints.
# Build with the GUI (the default) so that the figure commands are included.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
check=0
if [ "${1:-}" = "--check" ]; then check=1; shift; fi
cli="${1:-$root/build/app/lightlens-cli}"
output="${2:-$root/docs/cli-reference.md}"
[ -x "$cli" ] || { echo "gen-cli-reference.sh: $cli: not an executable (build lightlens-cli first)" >&2; exit 2; }

generate() {
    local top
    top="$("$cli" --help)"
    echo "# lightlens-cli reference"
    echo
    echo "Generated from the built binary by \`scripts/gen-cli-reference.sh\`; do not edit by hand."
    echo "The test \`cli.test_cli_reference\` fails when this page and the binary disagree."
    echo "Exit status of every command: 0 success, 1 bad input data, 2 bad usage."
    echo
    echo '```text'
    echo "$top"
    echo '```'
    # The command names: the indented first words of the "commands:" block.
    local names
    names="$(echo "$top" | awk '/^commands:/{on=1; next} on && /^  [a-z]/{print $1} on && /^$/{exit}')"
    [ -n "$names" ] || { echo "gen-cli-reference.sh: no commands found in '$cli --help'" >&2; exit 2; }
    local name
    for name in $names; do
        echo
        echo "## $name"
        echo
        echo '```text'
        "$cli" "$name" --help
        echo '```'
    done
}

tmp="$(mktemp)"
trap 'rm -f "$tmp"' EXIT
generate > "$tmp"
if [ "$check" -eq 1 ]; then
    if ! diff -u "$output" "$tmp"; then
        echo "gen-cli-reference.sh: $output is out of date with $cli; run scripts/gen-cli-reference.sh $cli" >&2
        exit 1
    fi
    exit 0
fi
mv "$tmp" "$output"
trap - EXIT
echo "gen-cli-reference.sh: wrote $output"
