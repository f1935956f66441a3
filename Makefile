# battlesim: GNU make build. See README.md.
#
#   make            release build: build/rel/battlesim
#   make test       deps, then -Werror + ASan/UBSan build, every test
#                   (and test-browser when /usr/bin/chromium exists)
#   make demo       deps, build, play the built-in scenario (+ demo.html)
#   make deps       install the Debian packages that are missing
#                   (BROWSER=1: also chromium, for test-browser)
#   make test-browser  the battle map in headless Chromium (issue 7)
#   make bench      benchmarks (not tests)
#   make layers     the layering of src/ (tools/layers.sh; part of make test)
#   make fuzz       libFuzzer target for the scenario loader
#   make install    PREFIX=/usr/local (make install-check: into a
#                   temporary prefix, a program links with pkg-config)
#   make clean

PREFIX ?= /usr/local
BUILD ?= build
VERSION := 0.1.0

CC ?= cc
# gcc-ar indexes the LTO objects of the release library (plain ar where
# there is no gcc-ar)
AR_REL := $(shell command -v gcc-ar 2>/dev/null || echo ar)
PKGS := yaml-0.1 jansson nettle libedit
PKG_CFLAGS = $(shell pkg-config --cflags $(PKGS) 2>/dev/null)
PKG_LIBS = $(shell pkg-config --libs $(PKGS) 2>/dev/null || echo -lyaml -ljansson -lnettle -ledit)

BASE_CFLAGS := -std=c11 -D_POSIX_C_SOURCE=200809L -Wall -Wextra \
	-ffp-contract=off -fno-fast-math -Iinclude -Isrc -I$(BUILD)/gen \
	-DBS_VERSION=\"$(VERSION)\"
# The release build links with link-time optimisation (issue 13): the same
# arithmetic (-ffp-contract=off holds across the link, no fast-math), the
# same output bytes (checked by md5 before it was turned on), calls across
# files inlined. LTO=0 builds without it. Fat objects keep the static
# library usable by a link without LTO.
LTO ?= 1
REL_LTO := $(if $(filter 1,$(LTO)),-flto=auto -ffat-lto-objects,)
REL_CFLAGS := $(BASE_CFLAGS) -O2 -g $(REL_LTO)
DEV_CFLAGS := $(BASE_CFLAGS) -Werror -O1 -g -fno-omit-frame-pointer \
	-fsanitize=address,undefined -fno-sanitize-recover=all
DEV_LDFLAGS := -fsanitize=address,undefined
LIBS = $(PKG_LIBS) -lm -lpthread

LIB_SRC := $(sort $(wildcard src/*/*.c src/*/*/*.c))
CLI_SRC := $(sort $(wildcard cli/*.c))
TEST_SRC := $(sort $(wildcard tests/unit/*.c tests/rules/*.c))
DATA := $(sort $(wildcard data/catalog/*.yaml data/scenarios/*.yaml)) \
	$(sort $(wildcard data/html/*.html data/html/*.css data/html/*.js))
HDRS := $(wildcard include/battlesim/*.h src/*/*.h src/*/*/*.h cli/*.h)

GEN := $(BUILD)/gen/embedded.c

REL_OBJ := $(patsubst %.c,$(BUILD)/rel/%.o,$(LIB_SRC)) $(BUILD)/rel/gen/embedded.o
DEV_OBJ := $(patsubst %.c,$(BUILD)/dev/%.o,$(LIB_SRC)) $(BUILD)/dev/gen/embedded.o
REL_CLI_OBJ := $(patsubst %.c,$(BUILD)/rel/%.o,$(CLI_SRC))
DEV_CLI_OBJ := $(patsubst %.c,$(BUILD)/dev/%.o,$(CLI_SRC))
DEV_TEST_OBJ := $(patsubst %.c,$(BUILD)/dev/%.o,$(TEST_SRC))

BIN := $(BUILD)/rel/battlesim
DEV_BIN := $(BUILD)/dev/battlesim
TEST_BIN := $(BUILD)/dev/run_tests

.PHONY: all test demo deps bench fuzz fuzz-run install uninstall clean tsan \
	format format-check unit golden cli-tests valgrind check-deps layers \
	test-browser test-browser-maybe deps-browser install-check

all: $(BIN)

# ---- generated data ---------------------------------------------------------
$(BUILD)/tools/embed: tools/embed.c
	@mkdir -p $(dir $@)
	$(CC) -O1 -o $@ $<

$(GEN): $(BUILD)/tools/embed $(DATA)
	@mkdir -p $(dir $@)
	$(BUILD)/tools/embed $@ $(DATA)

# ---- objects ----------------------------------------------------------------
$(BUILD)/rel/%.o: %.c $(HDRS)
	@mkdir -p $(dir $@)
	$(CC) $(REL_CFLAGS) $(PKG_CFLAGS) -c -o $@ $<

$(BUILD)/dev/%.o: %.c $(HDRS)
	@mkdir -p $(dir $@)
	$(CC) $(DEV_CFLAGS) $(PKG_CFLAGS) -c -o $@ $<

$(BUILD)/rel/gen/embedded.o: $(GEN) src/scenario/embedded.h
	@mkdir -p $(dir $@)
	$(CC) $(REL_CFLAGS) -c -o $@ $<

$(BUILD)/dev/gen/embedded.o: $(GEN) src/scenario/embedded.h
	@mkdir -p $(dir $@)
	$(CC) $(DEV_CFLAGS) -c -o $@ $<

$(BUILD)/rel/libbattlesim.a: $(REL_OBJ)
	rm -f $@
	$(AR_REL) rcs $@ $^

$(BUILD)/dev/libbattlesim.a: $(DEV_OBJ)
	rm -f $@
	ar rcs $@ $^

$(BIN): $(REL_CLI_OBJ) $(BUILD)/rel/libbattlesim.a
	$(CC) $(REL_CFLAGS) -o $@ $(REL_CLI_OBJ) $(BUILD)/rel/libbattlesim.a \
		$(LIBS)

$(DEV_BIN): $(DEV_CLI_OBJ) $(BUILD)/dev/libbattlesim.a
	$(CC) $(DEV_LDFLAGS) -o $@ $(DEV_CLI_OBJ) $(BUILD)/dev/libbattlesim.a $(LIBS)

$(TEST_BIN): $(DEV_TEST_OBJ) $(BUILD)/dev/libbattlesim.a
	$(CC) $(DEV_LDFLAGS) -o $@ $(DEV_TEST_OBJ) $(BUILD)/dev/libbattlesim.a \
		$(LIBS) -lcriterion

# ---- the two commands -------------------------------------------------------
deps:
	@BS_BROWSER=$(BROWSER) sh tools/deps.sh

deps-browser:
	@BS_BROWSER=1 sh tools/deps.sh

test: deps
	@$(MAKE) --no-print-directory format-check
	@$(MAKE) --no-print-directory unit golden cli-tests valgrind tsan \
		install-check
	@$(MAKE) --no-print-directory test-browser-maybe

unit: $(TEST_BIN)
	ASAN_OPTIONS=detect_leaks=1 LSAN_OPTIONS=suppressions=tests/lsan.supp \
		UBSAN_OPTIONS=print_stacktrace=1 \
		$(TEST_BIN) --jobs 2

golden: $(DEV_BIN)
	@sh tests/golden/run.sh $(DEV_BIN)

cli-tests: $(DEV_BIN)
	@sh tests/cli/run.sh $(DEV_BIN)

# The layering of src/ (docs/DESIGN.md): includes and symbols (also run by
# cli-tests, tests/cli/layering.t).
layers: $(DEV_BIN)
	@sh tools/layers.sh $(BUILD)/dev

demo: deps
	@$(MAKE) --no-print-directory $(BIN)
	@$(BIN) play --html $(BUILD)/demo.html > $(BUILD)/demo.log; rc=$$?; \
		cat $(BUILD)/demo.log; \
		echo "demo: the log is in $(BUILD)/demo.log; the battle map in" \
			"$(BUILD)/demo.html (open it in a browser)"; exit $$rc

# ---- the battle map in a real browser (issue 7) ----------------------------
# Headless Chromium opens the page of a seeded battle at two steps and the
# DOM is checked against the JSON events (tests/browser/check_dom.c); the
# screenshots of three steps stay in $(BUILD)/browser/ (artifacts).
CHROMIUM ?= /usr/bin/chromium
$(BUILD)/browser/check_dom: tests/browser/check_dom.c
	@mkdir -p $(dir $@)
	$(CC) $(BASE_CFLAGS) -Werror -O1 $(PKG_CFLAGS) -o $@ $< $(LIBS)

test-browser: $(DEV_BIN) $(BUILD)/browser/check_dom
	@if [ ! -x $(CHROMIUM) ]; then \
		echo "test-browser: no $(CHROMIUM); run make deps BROWSER=1"; \
		exit 1; fi
	@ASAN_OPTIONS=detect_leaks=1 LSAN_OPTIONS=suppressions=tests/lsan.supp \
		sh tests/browser/run.sh $(DEV_BIN) $(BUILD)/browser/check_dom \
		$(BUILD)/browser $(CHROMIUM)

test-browser-maybe:
	@if [ -x $(CHROMIUM) ] || [ "$$CI" = true ]; then \
		$(MAKE) --no-print-directory test-browser; \
	else \
		echo "test-browser: skipped (no $(CHROMIUM); make deps BROWSER=1)"; \
	fi

# ---- style ------------------------------------------------------------------
FMT_FILES = $(sort $(wildcard include/battlesim/*.h src/*/*.c src/*/*.h \
	src/*/*/*.c src/*/*/*.h cli/*.c cli/*.h tests/*/*.c tools/*.c bench/*.c))

format:
	clang-format -i $(FMT_FILES)

format-check:
	@clang-format --dry-run -Werror $(FMT_FILES) && echo "format-check: ok"

# ---- benchmarks, fuzzing, valgrind -----------------------------------------
BENCH_SRC := $(sort $(wildcard bench/*.c))
$(BUILD)/rel/bench: $(BENCH_SRC) $(BUILD)/rel/libbattlesim.a
	$(CC) $(REL_CFLAGS) $(PKG_CFLAGS) -o $@ $(BENCH_SRC) \
		$(BUILD)/rel/libbattlesim.a $(LIBS)

# BENCH_BATTLES sets the battles per timed run; peak memory is measured
# for N = 1,000 and N = BENCH_MEM_N (issue 4: 100,000; a few minutes).
BENCH_BATTLES ?= 2000
BENCH_MEM_N ?= 100000
bench: $(BUILD)/rel/bench $(BIN)
	@$(BUILD)/rel/bench $(BIN) $(BENCH_BATTLES) $(BENCH_MEM_N)

FUZZ_SECONDS ?= 60
FUZZ_CFLAGS := $(BASE_CFLAGS) -O1 -g -fsanitize=fuzzer,address,undefined \
	-fno-sanitize-recover=all -DBS_FUZZING
$(BUILD)/fuzz/fuzz_loader: tests/fuzz/fuzz_loader.c $(LIB_SRC) $(GEN) $(HDRS)
	@mkdir -p $(dir $@)
	clang $(FUZZ_CFLAGS) $(PKG_CFLAGS) -o $@ tests/fuzz/fuzz_loader.c \
		$(LIB_SRC) $(GEN) $(LIBS)

# FUZZ_CORPUS: the seeds, one directory per ruleset: tests/fuzz/corpus
# (1E, and hostile files), tests/fuzz/corpus-bs2e, tests/fuzz/corpus-matrix;
# new inputs go to $(BUILD)/fuzz/new-<seeds>. FUZZ_TIMEOUT: seconds one
# input may take before libFuzzer calls it a hang.
FUZZ_CORPUS ?= tests/fuzz/corpus
FUZZ_TIMEOUT ?= 10
fuzz:
	@BS_EXTRA_PKGS="clang libclang-rt-14-dev" sh tools/deps.sh
	@$(MAKE) --no-print-directory $(BUILD)/fuzz/fuzz_loader
	@mkdir -p $(BUILD)/fuzz/new-$(notdir $(FUZZ_CORPUS))
	$(BUILD)/fuzz/fuzz_loader -max_total_time=$(FUZZ_SECONDS) \
		-max_len=8192 -timeout=$(FUZZ_TIMEOUT) -print_final_stats=1 \
		-dict=tests/fuzz/yaml.dict $(BUILD)/fuzz/new-$(notdir $(FUZZ_CORPUS)) \
		$(FUZZ_CORPUS)

valgrind: $(BIN)
	@sh tests/valgrind.sh $(BIN)

# The simulator's threads under ThreadSanitizer (issue 4): a small run on
# four threads; any data race fails.
TSAN_CFLAGS := $(BASE_CFLAGS) -Werror -O1 -g -fsanitize=thread
TSAN_OBJ := $(patsubst %.c,$(BUILD)/tsan/%.o,$(LIB_SRC) $(CLI_SRC)) \
	$(BUILD)/tsan/gen/embedded.o
$(BUILD)/tsan/%.o: %.c $(HDRS)
	@mkdir -p $(dir $@)
	$(CC) $(TSAN_CFLAGS) $(PKG_CFLAGS) -c -o $@ $<
$(BUILD)/tsan/gen/embedded.o: $(GEN) src/scenario/embedded.h
	@mkdir -p $(dir $@)
	$(CC) $(TSAN_CFLAGS) -c -o $@ $<
$(BUILD)/tsan/battlesim: $(TSAN_OBJ)
	$(CC) -fsanitize=thread -o $@ $(TSAN_OBJ) $(LIBS)

# the simulator's threads on each ruleset's built-in scenario
TSAN_SCENARIOS := "" data/scenarios/borderland-raid-2e.yaml \
	data/scenarios/shield-lands-matrix.yaml
tsan: $(BUILD)/tsan/battlesim
	@n=0; for f in $(TSAN_SCENARIOS); do \
		TSAN_OPTIONS="halt_on_error=1 exitcode=66" \
		$(BUILD)/tsan/battlesim sim $$f --runs 40 --threads 4 --json \
		> /dev/null || { echo "tsan: FAIL on $${f:-the built-in scenario}"; \
		exit 1; }; n=$$((n + 1)); done; echo "tsan: $$n passed, 0 failed"

# ---- install ----------------------------------------------------------------
install: $(BIN) $(BUILD)/rel/libbattlesim.a
	install -d $(DESTDIR)$(PREFIX)/bin $(DESTDIR)$(PREFIX)/lib/pkgconfig \
		$(DESTDIR)$(PREFIX)/include/battlesim \
		$(DESTDIR)$(PREFIX)/share/man/man1
	install -m 755 $(BIN) $(DESTDIR)$(PREFIX)/bin/battlesim
	install -m 644 $(BUILD)/rel/libbattlesim.a $(DESTDIR)$(PREFIX)/lib/
	install -m 644 include/battlesim/*.h $(DESTDIR)$(PREFIX)/include/battlesim/
	install -m 644 docs/battlesim.1 $(DESTDIR)$(PREFIX)/share/man/man1/
	sed -e 's|@PREFIX@|$(PREFIX)|g' -e 's|@VERSION@|$(VERSION)|g' \
		tools/battlesim.pc.in > $(DESTDIR)$(PREFIX)/lib/pkgconfig/battlesim.pc

# The installed library links with `pkg-config --libs battlesim` and
# nothing else (issue 12 item 24): installed into a temporary prefix, a
# small program is built against it and run.
install-check: $(BIN) $(BUILD)/rel/libbattlesim.a
	@sh tests/install/check.sh "$(MAKE)" "$(CC)"

uninstall:
	rm -f $(DESTDIR)$(PREFIX)/bin/battlesim \
		$(DESTDIR)$(PREFIX)/lib/libbattlesim.a \
		$(DESTDIR)$(PREFIX)/lib/pkgconfig/battlesim.pc \
		$(DESTDIR)$(PREFIX)/share/man/man1/battlesim.1
	rm -rf $(DESTDIR)$(PREFIX)/include/battlesim

clean:
	rm -rf build
