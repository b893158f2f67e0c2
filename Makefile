# Zuum: the two commands a newcomer needs are `make dev` and `make test` (see README.md).
SHELL := /bin/bash
.DEFAULT_GOAL := help

GROUPS      := $(notdir $(patsubst %/cmd/,%,$(dir $(wildcard functions/*/cmd/main.go))))
CDK         := npx --yes aws-cdk@2.1148.1
GOFLAGS_LAMBDA := GOOS=linux GOARCH=arm64 CGO_ENABLED=0
export JSII_SILENCE_WARNING_END_OF_LIFE_NODE_VERSION := 20

EDGE_PORT ?= 4566
PORT      ?= 8080
DATA      ?= .zuum

.PHONY: help
help: ## list the targets
	@grep -hE '^[a-z-]+:.*## ' $(MAKEFILE_LIST) | awk -F':.*## ' '{printf "  make %-14s %s\n", $$1, $$2}'

# ---- local cloud -------------------------------------------------------------------------

.PHONY: dev dev-reset
dev: web api-docs ## run everything on localhost (web app, API, its reference, AWS edge) with demo content
	$(call need,ffmpeg,$(HAS_FFMPEG),$(NO_FFMPEG))
	go mod download
	EDGE_PORT=$(EDGE_PORT) PORT=$(PORT) go run ./localstack -data $(DATA) -web webui/dist \
	  -openapi $(OPENAPI) -api-docs $(API_DOCS)

dev-reset: ## wipe the local cloud's saved data
	rm -rf $(DATA)

# ---- web app -------------------------------------------------------------------------------

webui/node_modules/.package-lock.json: webui/package-lock.json
	cd webui && npm ci --no-audit --no-fund

.PHONY: web
web: webui/node_modules/.package-lock.json ## build the web app into webui/dist
	cd webui && npm run build

# ---- the API contract ------------------------------------------------------------------------

# functions/openapi.yaml is the contract; redocly.yaml holds the lint rules and the page's settings.
# Redocly runs through npx, pinned, with its telemetry and update check off.
OPENAPI  := functions/openapi.yaml
API_DOCS := build/api-docs/index.html
REDOCLY  := REDOCLY_TELEMETRY=off REDOCLY_SUPPRESS_UPDATE_NOTICE=true npx --yes @redocly/cli@2.77.0

.PHONY: lint-api api-docs
lint-api: ## lint the contract: every operation has an operationId, a summary and its 4xx answers
	$(REDOCLY) lint --config redocly.yaml $(OPENAPI)

api-docs: $(API_DOCS) ## build the API reference the local cloud serves at /api/docs

# One HTML file with Redoc inlined (--inlineBundle): the page loads nothing from the internet.
$(API_DOCS): $(OPENAPI) redocly.yaml localstack/app/api-docs.hbs
	$(REDOCLY) build-docs --config redocly.yaml --inlineBundle --template localstack/app/api-docs.hbs -o $@ $(OPENAPI)

# ---- Lambdas ---------------------------------------------------------------------------------

.PHONY: build $(addprefix build-,$(GROUPS))
build: $(addprefix build-,$(GROUPS)) ## build every Lambda (arm64 bootstrap) into build/<group>/

# The jobs worker's ffmpeg, a Lambda layer (infra/ffmpeg.go): the static arm64 binary of an npm
# package, pinned by version and by its tarball's sha512 (the registry's integrity), unpacked
# into build/ (never committed).
FFMPEG_NPM    := @ffmpeg-installer/linux-arm64@4.1.4
FFMPEG_SHA512 := dljEqAOD0oIM6O6DxBW9US/FkvqvQwgJ2lGHOwHDDwu/pX8+V0YsDL1xqHbj1DMX/+nP9rxw7G7gcUvGspSoKg==
FFMPEG_LAYER  := build/layers/ffmpeg/bin/ffmpeg

build: $(FFMPEG_LAYER)
$(FFMPEG_LAYER):
	@set -e; tmp=$$(mktemp -d); trap 'rm -rf $$tmp' EXIT; \
	(cd $$tmp && npm pack --silent $(FFMPEG_NPM) >/dev/null); \
	tgz=$$(ls $$tmp/*.tgz); \
	sum=$$(node -e "process.stdout.write(require('crypto').createHash('sha512').update(require('fs').readFileSync(process.argv[1])).digest('base64'))" $$tgz); \
	test "$$sum" = "$(FFMPEG_SHA512)" || { echo "make: $(FFMPEG_NPM) is not the tarball this Makefile pins" >&2; exit 1; }; \
	tar -xzf $$tgz -C $$tmp package/ffmpeg; \
	mkdir -p $(dir $@); install -m 0755 $$tmp/package/ffmpeg $@

$(addprefix build-,$(GROUPS)): build-%:
	$(GOFLAGS_LAMBDA) go build -trimpath -tags lambda.norpc -ldflags="-s -w" -o build/$*/bootstrap ./functions/$*/cmd

.PHONY: invoke
invoke: ## replay a sample event against the running local cloud: make invoke FN=auth EVENT=events/auth/signup.json
	@test -n "$(FN)" -a -n "$(EVENT)" || { echo "usage: make invoke FN=<group> EVENT=events/<group>/<file>.json"; exit 2; }
	AWS_ENDPOINT_URL=http://127.0.0.1:$(EDGE_PORT) go run ./localstack/invoke -fn $(FN) -event $(EVENT)

# ---- tests -----------------------------------------------------------------------------------

GOLANGCI_LINT := go run github.com/golangci/golangci-lint/v2/cmd/golangci-lint@v2.15.0
CHROMIUM_PATH ?= /usr/bin/chromium
export CHROMIUM_PATH

.PHONY: test test-go test-web test-browser vet lint
# The module's packages; webui/node_modules holds a stray Go package (an npm dependency's) that is not ours.
GO_PACKAGES = $(shell go list ./... | grep -v /node_modules/)
test: vet lint lint-api test-go test-web test-browser ## every test: vet, lint (Go and the API contract), Go (race detector on), web, browser

vet:
	test -z "$$(gofmt -l functions shared localstack infra)" || { gofmt -l functions shared localstack infra; exit 1; }
	go vet $(GO_PACKAGES)

lint: ## golangci-lint: the standard linters and the import rules of .golangci.yml
	$(GOLANGCI_LINT) run

# need: when the check $(2) fails, install the Debian packages $(1) as root (a CI runner, a fresh
# container), or else stop with the message $(3).
define need
	@if ! $(2); then \
	  if [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null; then \
	    echo "make: installing $(1) for the tests (apt-get install $(1))"; \
	    export DEBIAN_FRONTEND=noninteractive; \
	    apt-get update -qq && apt-get install -y -qq --no-install-recommends $(1) >/dev/null; \
	    $(2) || { echo "make: $(3)" >&2; exit 1; }; \
	  else \
	    echo "make: $(3)" >&2; exit 1; \
	  fi; \
	fi
endef

# The jobs worker makes posts' listening copies with the ffmpeg on the PATH (in AWS, the layer's,
# FFMPEG_PATH), and the tests measure them with ffprobe: Debian's ffmpeg package has both.
HAS_FFMPEG := { command -v ffmpeg && command -v ffprobe; } >/dev/null
NO_FFMPEG  := the jobs worker transcodes audio with ffmpeg and the tests measure it with ffprobe: install them (sudo apt-get install ffmpeg) and run make again

# The CDK template tests run without the race detector: jsii-runtime-go's Process.Close reads its
# closed flag outside its mutex while its child-watcher goroutine closes too, a race in the library
# (reported at jsii.Close in infra's TestMain); synthesis itself runs nothing concurrently.
test-go: ## Go tests with the race detector, against the embedded cloud, the events, and the CDK template
	$(call need,gcc libc6-dev,[ "$$(go env CGO_ENABLED)" = 1 ],the race detector needs a C compiler: install gcc (sudo apt-get install gcc libc6-dev) and run make test again)
	$(call need,ffmpeg,$(HAS_FFMPEG),$(NO_FFMPEG))
	$(call need,poppler-utils zbar-tools,{ command -v pdftotext && command -v zbarimg; } >/dev/null,the licence PDF tests read PDFs and QR codes: install poppler-utils and zbar-tools (sudo apt-get install poppler-utils zbar-tools) and run make test again)
	@tally=$$(mktemp); trap 'rm -f $$tally' EXIT; set -e; \
	CONTRACT_TALLY=$$tally go test -race -timeout 20m $(GOTESTFLAGS) $(filter-out zuum/infra,$(GO_PACKAGES)); \
	awk '{q+=$$2; s+=$$5} END {if (NR) print "contract: " q " requests and " s " responses validated against functions/openapi.yaml in the " NR " packages that ran"; \
	  else print "contract: every package came from the test cache (GOTESTFLAGS=-count=1 recounts)"}' $$tally
	go test ./infra/

test-web: webui/node_modules/.package-lock.json ## Vitest
	cd webui && npm test

# The browser test runs against a fresh local cloud on spare ports, started and stopped here.
# Two test files run at once (npm run e2e: --test-concurrency=2); each signs up from loopback
# addresses of its own (e2e/support.mjs), so they do not share the per-address sign-up limit.
TEST_EDGE_PORT ?= 4599
TEST_PORT      ?= 8099
HEALTHY := node -e "fetch(process.argv[1]).then(r => process.exit(r.ok ? 0 : 1), () => process.exit(1))"
test-browser: web ## Playwright (Debian's Chromium, installed here when missing) against a fresh local cloud
	$(call need,chromium,[ -x "$(CHROMIUM_PATH)" ],the browser test needs Chromium at $(CHROMIUM_PATH): install it (sudo apt-get install chromium) or set CHROMIUM_PATH and run make test again)
	@set -e; data=$$(mktemp -d); go build -o $$data/zuum-local ./localstack; \
	EDGE_PORT=$(TEST_EDGE_PORT) PORT=$(TEST_PORT) $$data/zuum-local -data $$data/cloud -web webui/dist > $$data/cloud.log 2>&1 & pid=$$!; \
	trap 'kill $$pid 2>/dev/null; wait $$pid 2>/dev/null; rm -rf $$data' EXIT; \
	health=http://127.0.0.1:$(TEST_PORT)/api/health; \
	for i in $$(seq 1 100); do $(HEALTHY) $$health && break; sleep 0.3; done; \
	$(HEALTHY) $$health || { cat $$data/cloud.log; exit 1; }; \
	cd webui && APP_URL=http://127.0.0.1:$(TEST_PORT) EDGE_URL=http://127.0.0.1:$(TEST_EDGE_PORT) npm run e2e \
	  || { cat $$data/cloud.log | tail -40; exit 1; }

.PHONY: bench
# The Fast feed figures run Lighthouse and Chromium against a fresh local cloud of the built web
# app on ports of their own (BENCH_PORT, BENCH_EDGE_PORT), started and stopped here; BENCH_TABLE
# names the table they fill (after, or before), DATA_SAVER_KEY and DATA_SAVER_VALUE the web app's localStorage setting of
# data saver (the bytes with data saver on are measured when it is set).
BENCH_PORT      ?= 8098
BENCH_EDGE_PORT ?= 4598
BENCH_TABLE     ?= after
DATA_SAVER_KEY  ?= zuum-data-saver
DATA_SAVER_VALUE ?= on
bench: web ## measure latency and AWS calls per API call, the store under stress, the Lambda binary sizes, money under provider faults, listening copies, Lighthouse and the feed's bytes; writes localstack/bench/RESULTS.md
	go run ./localstack/bench -out localstack/bench/RESULTS.md
	go run ./localstack/bench -sizes-only -out localstack/bench/RESULTS.md
	go run ./localstack/bench -money-soak -moves 1000 -out localstack/bench/RESULTS.md # "Money under faults (issue 21)"
	go run ./localstack/bench -listening-only -out localstack/bench/RESULTS.md # "Listening copies (issue 24 part 3)"
	@data=$$(mktemp -d); bin=$$data/zuum; set -e; go build -o $$bin ./localstack; \
	EDGE_PORT=$(BENCH_EDGE_PORT) PORT=$(BENCH_PORT) $$bin -data $$data/data -web webui/dist >$$data/log 2>&1 & pid=$$!; \
	trap 'kill $$pid 2>/dev/null; wait $$pid 2>/dev/null; rm -rf $$data' EXIT; \
	for i in $$(seq 1 120); do $(HEALTHY) http://127.0.0.1:$(BENCH_PORT)/api/health && break; sleep 1; done; \
	$(HEALTHY) http://127.0.0.1:$(BENCH_PORT)/api/health || { cat $$data/log; exit 1; }; \
	node localstack/bench/lighthouse.mjs -url http://127.0.0.1:$(BENCH_PORT) -out localstack/bench/RESULTS.md -table $(BENCH_TABLE) \
	  $(if $(DATA_SAVER_KEY),-data-saver-key $(DATA_SAVER_KEY) -data-saver-value $(DATA_SAVER_VALUE))

.PHONY: bench-short
# The short mode (a few minutes): a fresh local cloud of the built web app and the seed data on
# BENCH_PORT, and autocannon's measure of it: each request for BENCH_FOR over 8 connections,
# req/s, p50, p99 and the cloud's CPU time per request (localstack/bench/serve.go).
BENCH_FOR ?= 10s
bench-short: web ## a few minutes: req/s, p50/p99 and CPU per request of the landing page, the feed and a profile at 8 connections
	@data=$$(mktemp -d); bin=$$data/zuum; set -e; go build -o $$bin ./localstack; go build -o $$data/bench ./localstack/bench; \
	EDGE_PORT=$(BENCH_EDGE_PORT) PORT=$(BENCH_PORT) $$bin -data $$data/data -web webui/dist >$$data/log 2>&1 & pid=$$!; \
	trap 'kill $$pid 2>/dev/null; wait $$pid 2>/dev/null; rm -rf $$data' EXIT; \
	for i in $$(seq 1 120); do $(HEALTHY) http://127.0.0.1:$(BENCH_PORT)/api/health && break; sleep 1; done; \
	$(HEALTHY) http://127.0.0.1:$(BENCH_PORT)/api/health || { cat $$data/log; exit 1; }; \
	$$data/bench -serve http://127.0.0.1:$(BENCH_PORT) -pid $$pid -conns 8 -for $(BENCH_FOR)

# ---- infrastructure --------------------------------------------------------------------------

.PHONY: synth deploy localstack-up localstack-down deploy-local
synth: build web ## synthesize the CloudFormation template (offline)
	$(CDK) synth -q --no-notices

deploy: build web ## deploy to the AWS account in your environment
	$(CDK) deploy --require-approval broadening

# The key pair that signs the CloudFront URLs of posts' media, made after the first deploy (which
# creates the secret): the private key goes into the stack's MediaSigningSecret and is not kept
# here; the public key is printed for cdk.json's context. Deploy again with it (README, Deploying).
MEDIA_KEYS ?= build/media-keys
STACK      ?= Zuum
.PHONY: media-keys
media-keys: ## make the media URL signing key pair: the private key into the stack's secret, the public key printed for cdk.json
	@command -v openssl >/dev/null && command -v aws >/dev/null || { echo "media-keys needs openssl and the AWS CLI"; exit 1; }
	@secret=$$(aws cloudformation describe-stacks --stack-name $(STACK) \
	  --query "Stacks[0].Outputs[?OutputKey=='MediaSigningSecretArn'].OutputValue" --output text) && \
	  [ -n "$$secret" ] && [ "$$secret" != None ] || { echo "no MediaSigningSecretArn output: make deploy first"; exit 1; }; \
	  umask 077 && mkdir -p $(MEDIA_KEYS) && \
	  openssl genrsa -out $(MEDIA_KEYS)/private.pem 2048 2>/dev/null && \
	  openssl rsa -in $(MEDIA_KEYS)/private.pem -pubout -out $(MEDIA_KEYS)/public.pem 2>/dev/null && \
	  aws secretsmanager put-secret-value --secret-id "$$secret" --secret-string file://$(MEDIA_KEYS)/private.pem >/dev/null && \
	  rm -f $(MEDIA_KEYS)/private.pem && \
	  echo "The private key is in $$secret. Add this to cdk.json's \"context\", then make deploy:" && \
	  printf '  "mediaSigningPublicKey": "%s"\n' "$$(awk '{printf "%s\\n", $$0}' $(MEDIA_KEYS)/public.pem)"

localstack-up: ## start real LocalStack with docker compose (needs Docker)
	docker compose -f localstack/docker-compose.yml up -d

localstack-down:
	docker compose -f localstack/docker-compose.yml down

# HTTP API, CloudFront and Lambda layers are LocalStack Pro services (LOCALSTACK_AUTH_TOKEN).
LOCALSTACK_ENV := AWS_ENDPOINT_URL=http://localhost:4566 AWS_ENDPOINT_URL_S3=http://s3.localhost.localstack.cloud:4566 \
	AWS_ACCESS_KEY_ID=test AWS_SECRET_ACCESS_KEY=test AWS_REGION=us-east-1
deploy-local: build web ## deploy the stack into real LocalStack (after make localstack-up)
	$(LOCALSTACK_ENV) $(CDK) bootstrap aws://000000000000/us-east-1 --no-notices
	$(LOCALSTACK_ENV) $(CDK) deploy --require-approval never --no-notices

.PHONY: clean
clean:
	rm -rf build cdk.out webui/dist
