# The project's commands. A new user needs two: `make run` and `make test`.
NODE := node_modules/.bin/node
BUN := node_modules/.bin/bun
ESBUILD := node_modules/.bin/esbuild
PORT ?= 8080
HOST ?= 127.0.0.1
SOURCES := $(shell find src build-db -name '*.ts' 2>/dev/null)

.PHONY: setup data data-real nightly nightly-check ontario-check run test typecheck lint format bench bench-search bench-scale bench-http bench-http-memory bench-overload eval docs clean binary

## setup: install exactly the locked dependencies (Node 22 comes from the npm registry)
setup: node_modules/.installed
node_modules/.installed: package.json package-lock.json
	npm ci --no-audit --no-fund
	@touch $@

dist/canpol.mjs: node_modules/.installed $(SOURCES)
	$(ESBUILD) src/cli/main.ts --bundle --platform=node --target=node22 --format=esm --packages=external --log-level=warning --outfile=$@

## binary: dist/canpol, one executable with every command and its native libraries inside (docs/binary.md)
binary: dist/canpol
dist/canpol: node_modules/.installed $(SOURCES)
	$(BUN) src/cli/natives/build-binary.ts $@

## data: build data/canpol.db from the generated demo sources
data: data/canpol.db
data/demo/manifest.json: data/generate-demo.ts node_modules/.installed
	$(BUN) data/generate-demo.ts data/demo
data/canpol.db: dist/canpol.mjs data/demo/manifest.json
	$(NODE) dist/canpol.mjs build --sources data/demo --out $@

## data-real: import every real upstream file in ../shared/datasets and build data/real.db
DATASETS ?= ../shared/datasets
# Ontario's Hansard (114,882 speeches) stays out of the default file: beside it `make eval`'s held-out
# federal figure falls (0.745 → 0.708) and two of issue 48's real-file checks fail (docs/importers.md);
# LEAVE_OUT=none takes it in (3 min 40 s, 1.8-2.3 GiB peak).
LEAVE_OUT ?= ontario-hansard
data-real: dist/canpol.mjs
	@test -d $(DATASETS) || { echo "make data-real: $(DATASETS) not found; set DATASETS=/path/to/datasets (see docs/importers.md)" >&2; exit 1; }
	$(NODE) dist/canpol.mjs import --all --from $(DATASETS) --into data/real --report data/import-report.json --leave-out $(LEAVE_OUT)
	$(NODE) dist/canpol.mjs build --sources data/real --out data/real.db

## nightly: fetch every upstream source (MANIFEST, default config/sources.manifest.json) into NIGHTLY_CACHE, import,
## build reusing NIGHTLY_PUBLISH/canpol.db, verify, and publish there unless a guard trips (docs/nightly.md)
MANIFEST ?= config/sources.manifest.json
NIGHTLY_CACHE ?= data/fetch-cache
NIGHTLY_WORK ?= data/nightly
NIGHTLY_PUBLISH ?= data/release
UPSTREAM_MIRROR ?= none
MAX_SHRINK ?= 0.1
SINCE ?= none
FETCH_DEADLINE ?= none
nightly: dist/canpol.mjs
	$(NODE) dist/canpol.mjs pipeline --manifest $(MANIFEST) --cache $(NIGHTLY_CACHE) --work $(NIGHTLY_WORK) \
		--publish $(NIGHTLY_PUBLISH) --upstream-mirror $(UPSTREAM_MIRROR) --since $(SINCE) --deadline $(FETCH_DEADLINE) \
		--max-shrink $(MAX_SHRINK)
	$(NODE) dist/canpol.mjs verify $(NIGHTLY_PUBLISH)/canpol.db > /dev/null

## nightly-check: make nightly twice, through the bundle with the committed manifest, against the
## loopback upstream; counts night 2's requests and finds the sitting published between the nights
## (test/cli/commands/nightly-twice.test.ts; docs/nightly.md gives its measured time)
nightly-check: dist/canpol.mjs
	CANPOL_NIGHTLY_CHECK=1 $(BUN) test --timeout 3600000 test/cli/commands/nightly-twice.test.ts

## ontario-check: issue 49's held-out check: the 20 Ontario sittings kept out of the datasets (saved under
## ../public-docs, see test/helpers/public-docs.ts) built beside the 339, each found first by a passage of it
## (test/build-db/import/ontario-held-out.test.ts; 2.5-9 minutes)
ontario-check: node_modules/.installed
	CANPOL_ONTARIO_CHECK=1 $(BUN) test --timeout 1800000 test/build-db/import/ontario-held-out.test.ts

## run: serve the demo data on PORT (default 8080)
run: data
	@echo 'make run: the demo data file with rate limits OFF (a laptop, one user); canpol serve alone keeps the spec limits'
	$(NODE) dist/canpol.mjs serve --data data/canpol.db --port $(PORT) --host $(HOST) --rate-limit off

## test: typecheck, then the whole suite with bun test
test: setup typecheck
	$(BUN) test

typecheck: node_modules/.installed
	node_modules/.bin/tsc --noEmit -p .

## lint: the formatter's check and the linter (biome.jsonc); `make format` rewrites the tree
lint: node_modules/.installed
	node_modules/.bin/biome check .
format: node_modules/.installed
	node_modules/.bin/biome format --write .

## bench: loopback load test; results go in docs/benchmarks.md by hand
bench: data
	$(NODE) bench/run.mjs

## bench-http: every GET endpoint on data/real.db against a bare node:http server sending the same
## bytes, alternating rounds under wrk, servers and wrk pinned to separate cores (docs/benchmarks.md, "make bench-http").
## VARIANTS=node,binary,keyed,nocache adds the single binary, rate limits on with a key, the cache off;
## BENCH_HTTP_ARGS passes options on (--only REGEX, --rounds N, --duration S, --before OLD_BUNDLE ...).
VARIANTS ?= node
BENCH_HTTP_ARGS ?=
BENCH_LOCK ?= /tmp/canpol-bench.lock
# Recorded runs hold the machine lock shared with the other benchmarks (flock, util-linux), when there is one.
LOCKED = $(if $(shell command -v flock),flock $(BENCH_LOCK),)
bench-http: dist/canpol.mjs $(if $(findstring binary,$(VARIANTS)),dist/canpol)
	@command -v wrk >/dev/null || { echo "make bench-http: wrk not found; install it: apt-get install wrk (Debian/Ubuntu), brew install wrk (macOS)" >&2; exit 1; }
	@test -f data/real.db || { echo "make bench-http: data/real.db not found; build it first with: make data-real" >&2; exit 1; }
	$(LOCKED) $(NODE) bench/http.mjs --variants $(VARIANTS) $(BENCH_HTTP_ARGS)

## bench-http-memory: 200,000 distinct URLs through the server with and without the response cache,
## its memory sampled all along (CAP=bytes, default 64 MiB; BINARY=1 for dist/canpol)
CAP ?= 67108864
bench-http-memory: dist/canpol.mjs $(if $(BINARY),dist/canpol)
	@test -f data/real.db || { echo "make bench-http-memory: data/real.db not found; build it first with: make data-real" >&2; exit 1; }
	$(LOCKED) $(if $(shell command -v taskset),taskset -c 0,) $(NODE) bench/http-memory.mjs --cap $(CAP) $(if $(BINARY),--binary)

## bench-overload: 2,000 greedy connections against one server on data/real.db, /health probed on a new
## connection every 250 ms (docs/benchmarks.md, "Connection surges"); OVERLOAD_ARGS passes options on
## (--probe ops, --connections N, --duration S, --server OLD_BUNDLE for a before/after pair ...)
OVERLOAD_ARGS ?=
bench-overload: dist/canpol.mjs
	@test -f data/real.db || { echo "make bench-overload: data/real.db not found; build it first with: make data-real" >&2; exit 1; }
	$(LOCKED) $(NODE) bench/overload.mjs --data data/real.db --connections 2000 --duration 10 --client greedy $(OVERLOAD_ARGS)

## eval: search quality (NDCG@10, Recall@20 of keyword, vector, hybrid) on data/real.db -> docs/search-quality.md
eval:
	@test -f data/real.db || { echo "make eval: data/real.db not found; build it first with: make data-real" >&2; exit 1; }
	$(BUN) eval/run.ts --data data/real.db --queries eval/queries.jsonl --out docs/search-quality.md

## bench-search: search at 100 k chunks resampled from data/real (make data-real first): corpus, build, latency
# The 1 M run is the same with CHUNKS=1000000 (about 9 min to build and 4.5 GB in /tmp).
CHUNKS ?= 100000
SCALE := /tmp/canpol-scale-$(CHUNKS)
bench-search: node_modules/.installed
	@test -f data/real/manifest.json || { echo "make bench-search: data/real not found; run make data-real first" >&2; exit 1; }
	$(BUN) bench/search-corpus.ts --from data/real --chunks $(CHUNKS) --out $(SCALE) --lean
	$(BUN) src/cli/main.ts build --sources $(SCALE) --out $(SCALE).db
	$(BUN) bench/search-latency.ts --data $(SCALE).db --rounds 3

## bench-scale: issue 17's benchmark at CHUNKS chunks of the generated scale corpus (fitted to data/real):
## generate, build under /usr/bin/time -v, search; the last line is one JSON object of the figures
bench-scale: node_modules/.installed
	$(BUN) bench/search-scale.ts --from data/real --chunks $(CHUNKS)

## docs: regenerate docs/configuration.md from the settings table
docs: dist/canpol.mjs
	$(NODE) dist/canpol.mjs settings-doc > docs/configuration.md.tmp && mv docs/configuration.md.tmp docs/configuration.md

clean:
	rm -rf dist data/demo data/canpol.db data/real data/real.db data/import-report.json data/nightly
