# fenkit's front door. Every target installs what it needs first
MAKEFLAGS += --no-print-directory
# (scripts/install-deps), then builds with CMake.
JOBS ?= $(shell nproc)
BUILD ?= build
SHARED ?= $(abspath ../shared)
FUZZ_SECONDS ?= 20
export SHARED

.PHONY: all build demo test test-unit test-asan test-fuzz test-long fuzz bench load abuse format clean deps \
	train eval-scan eval-physical eval-lofo calibrate-doubt python dask-netns bench-dask

all: build

deps:
	@scripts/install-deps test

build: deps
	@cmake -S . -B $(BUILD) -DCMAKE_BUILD_TYPE=Release >/dev/null
	@cmake --build $(BUILD) -j $(JOBS)

demo: build
	@scripts/demo $(BUILD)/fenkit

test: test-unit test-asan test-fuzz

test-unit: build
	@cd $(BUILD) && ctest --output-on-failure -j $(JOBS)

test-asan: deps
	@cmake -S . -B build-asan -DCMAKE_BUILD_TYPE=Debug -DFENKIT_SANITIZE=ON >/dev/null
	@cmake --build build-asan -j $(JOBS)
	@cd build-asan && ASAN_OPTIONS=detect_leaks=1 ctest --output-on-failure -j $(JOBS)

build-fuzz: deps
	@CC=clang cmake -S . -B build-fuzz -DCMAKE_BUILD_TYPE=RelWithDebInfo -DFENKIT_FUZZ=ON -DFENKIT_TESTS=OFF >/dev/null
	@cmake --build build-fuzz -j $(JOBS)

# A short, bounded fuzzing run of every target (make fuzz for a long one).
test-fuzz: build-fuzz
	@scripts/run-fuzzers build-fuzz $(FUZZ_SECONDS)

fuzz: build-fuzz
	@scripts/run-fuzzers build-fuzz 3600

# The Python package (python/): a wheel over libfenkit.so in
# $(BUILD)/python/dist, installed into a fresh virtual environment and
# tested there (pytest and the docstring examples).
python: build
	@bash python/check.sh $(BUILD) /usr/bin/python3

# fenkit.dask with the scheduler and each worker in a network namespace of
# its own (root only; not part of make test): scripts/dask-netns.
dask-netns: python
	@scripts/install-deps netns
	@scripts/dask-netns $(BUILD) 2

# Games per second of fenkit.dask with 1, 2 and 4 workers (docs/dask.md).
bench-dask: python
	@bash bench/dask.sh $(BUILD)/fenkit

# Deeper checks than make test: deeper perft, bigger differential runs.
test-long: build
	@FENKIT_LONG=1 $(BUILD)/fenkit --version >/dev/null
	@for t in tests/long/*.sh; do [ -f "$$t" ] || continue; echo "== $$t"; bash $$t $(BUILD)/fenkit || exit 1; done

bench: build
	@scripts/install-deps bench
	@for b in bench/*.sh; do [ -f "$$b" ] || continue; echo "== $$b"; bash $$b $(BUILD)/fenkit || exit 1; done

# fenkit serve under wrk on the loopback address, bounded in time.
load: build
	@scripts/install-deps bench
	@bash bench/load-serve.bash $(BUILD)/fenkit

# fenkit serve under the attacks of issue 42 on the loopback address,
# bounded in count and time: figures, and a failure when a defence gave way.
abuse: build
	@bash bench/abuse-serve.bash $(BUILD)/fenkit

# The scanner's square classifier (training/: Debian's python3-torch, not
# part of the build): renders TRAIN_BOARDS boards (a share of them as
# printed diagrams), trains from TRAIN_SEED for TRAIN_EPOCHS epochs (half the
# crops mirrored, dropout 0.2 before the dense layers) and
# writes models/squares.fkm and the parity fixture in tests/data/scan.
PYTHON ?= /usr/bin/python3
TRAIN_BOARDS ?= 3000
TRAIN_SEED ?= 1
TRAIN_EPOCHS ?= 12
train: build
	@scripts/install-deps train
	@$(PYTHON) training/make_data.py $(BUILD)/fenkit $(BUILD)/train-data --boards $(TRAIN_BOARDS) \
		--seed $(TRAIN_SEED) --work $(BUILD)/train-work
	@$(PYTHON) training/train.py $(BUILD)/train-data models/squares.fkm --seed $(TRAIN_SEED) \
		--epochs $(TRAIN_EPOCHS) --flip --dropout 0.2 --fixture tests/data/scan
	@cmake --build $(BUILD) -j $(JOBS)

# Scanner accuracy and speed on $(SHARED)/images and on boards drawn with
# piece families training never saw; then the real screenshots turned by a
# few angles.
eval-scan: build
	@$(PYTHON) training/eval_scan.py $(BUILD)/fenkit --work $(BUILD)/eval-scan
	@$(PYTHON) training/eval_turned.py $(BUILD)/fenkit --work $(BUILD)/eval-turned
	@$(PYTHON) training/eval_light.py $(BUILD)/eval-scan/held-out $(BUILD)/fenkit --work $(BUILD)/eval-light

# The scanner on photos of a real board: the overhead frames of three games
# in $(SHARED)/images/bgu-physical-frames, the piece set learnt from each
# game's first frame (fenkit learn-set), the rest read plain, with --set and
# with --game (about 2 minutes on two cores).
eval-physical: build
	@$(PYTHON) training/eval_physical.py $(BUILD)/fenkit --work $(BUILD)/eval-physical

# The scanner on piece designs its model never saw: the families of
# $(SHARED)/pieces dealt into LOFO_FOLDS folds, a model trained without each
# (make train's recipe, LOFO_BOARDS boards and LOFO_EPOCHS epochs), and
# boards of the fold's families scanned with it, by kind of picture (about
# 25 minutes a fold on two cores at the defaults). The last table is the
# headline; build/eval-lofo/readings.jsonl feeds calibrate-doubt. LOFO_FLAGS
# passes more options (LOFO_FLAGS=--batchnorm: fold models with batch
# normalisation).
LOFO_FOLDS ?= 4
LOFO_BOARDS ?= 3000
LOFO_EPOCHS ?= 12
LOFO_FLAGS ?=
eval-lofo: build
	@scripts/install-deps train
	@$(PYTHON) training/eval_lofo.py $(BUILD)/fenkit --folds $(LOFO_FOLDS) --boards $(LOFO_BOARDS) \
		--epochs $(LOFO_EPOCHS) $(LOFO_FLAGS) --work $(BUILD)/eval-lofo
	@$(PYTHON) training/eval_lofo.py $(BUILD)/fenkit --shipped --per-family 12 --seed 11 \
		--work $(BUILD)/eval-lofo-shipped

# Fits the scanner's doubt (src/vision/doubt_weights.h) on what eval-lofo
# read: squares of designs the reading model never saw.
calibrate-doubt:
	@$(PYTHON) training/calibrate_doubt.py $(BUILD)/eval-lofo-shipped/readings.jsonl \
		$(BUILD)/eval-lofo/readings.jsonl --write

format:
	@clang-format -i $$(git ls-files '*.c' '*.h')

clean:
	rm -rf build build-asan build-fuzz
