#!/bin/sh
# Lists the DOIs found in a Markdown file, one per line, without duplicates.
grep -Eo '10\.[0-9]{4,9}/[-._;()/:A-Za-z0-9]+' "$1" | sort -u
