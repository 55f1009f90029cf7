#!/usr/bin/env bash
# Shared by the fixture generators (scripts/make-fixtures.sh, scripts/make-movie-fixtures.sh):
# reading a suite.txt and sizing files. Sourced; uses `suite` (the suite.txt to read).

# Prints its argument without leading and trailing whitespace.
trim() { local s=$1; s=${s#"${s%%[![:space:]]*}"}; s=${s%"${s##*[![:space:]]}"}; printf '%s' "$s"; }

# The suite's lines as NAME|MODEL|ARGUMENTS|WHAT, trimmed, comments and blank lines left out.
suite_lines() {
    local name model args what
    while IFS='|' read -r name model args what; do
        name=$(trim "$name")
        case "$name" in ''|'#'*) continue ;; esac
        printf '%s|%s|%s|%s\n' "$name" "$(trim "$model")" "$(trim "$args")" "$(trim "$what")"
    done < "$suite"
}

# Prints the size of a file in bytes.
size_of() { wc -c < "$1" | tr -d ' '; }
