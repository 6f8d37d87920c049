# gppc-mm. `make` builds build/gppc and the tools; `make test` runs every test;
# `make bench` runs the embedded default benchmark. RELEASE=1 builds with
# -O3 -march=native (not portable to other CPUs, so never the default).
CC      ?= cc
PYTHON  ?= python3
CFLAGS  := -std=c11 -O2 -g -Wall -Wextra -Werror -D_POSIX_C_SOURCE=200809L
ifeq ($(RELEASE),1)
CFLAGS  := $(filter-out -O2,$(CFLAGS)) -O3 -march=native
endif
SANFLAGS := -std=c11 -O1 -g -Wall -Wextra -Werror -D_POSIX_C_SOURCE=200809L \
            -fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=all
LDLIBS  := -lm

# The floors of docs/ARCHITECTURE.md, bottom up; a program links the floors it uses.
BASE_SRC := $(wildcard common/*.c grid/*.c search/*.c)
LIB_SRC  := $(BASE_SRC) $(wildcard abstraction/*.c cache/*.c refine/*.c entries/*.c entries/*/*.c) Entry.c
DRV_SRC := main.c $(wildcard driver/*.c)
TEST_SRC := $(wildcard tests/c/*.c) tests/fuzz/harness.c

OBJ      := build/obj
SAN      := build/asan
BASE_OBJ := $(BASE_SRC:%.c=$(OBJ)/%.o)
LIB_OBJ  := $(LIB_SRC:%.c=$(OBJ)/%.o)
DRV_OBJ  := $(DRV_SRC:%.c=$(OBJ)/%.o)
TEST_OBJ := $(TEST_SRC:%.c=$(OBJ)/%.o)
SAN_OBJ  := $(LIB_SRC:%.c=$(SAN)/%.o) $(filter-out $(SAN)/main.o,$(DRV_SRC:%.c=$(SAN)/%.o)) \
            $(TEST_SRC:%.c=$(SAN)/%.o)
# Tests reach the driver's helpers too, so link driver/ without main.o.
DRV_LIB_OBJ := $(filter-out $(OBJ)/main.o,$(DRV_OBJ))

.PHONY: all test test-c test-asan test-py bench defaults clean fuzz
all: build/gppc build/scengen build/test_c

build/gppc: $(DRV_OBJ) $(LIB_OBJ)
	$(CC) $(CFLAGS) -o $@ $^ $(LDLIBS)

build/scengen: $(OBJ)/tools/scengen.o $(BASE_OBJ)
	$(CC) $(CFLAGS) -o $@ $^ $(LDLIBS)

# --wrap lets the tests count allocations made by our own code (tests/c/alloc_count.c).
WRAP := -Wl,--wrap=malloc,--wrap=calloc,--wrap=realloc
build/test_c: $(TEST_OBJ) $(DRV_LIB_OBJ) $(LIB_OBJ)
	$(CC) $(CFLAGS) $(WRAP) -o $@ $^ $(LDLIBS)

build/asan/test_c: $(SAN_OBJ)
	$(CC) $(SANFLAGS) $(WRAP) -o $@ $^ $(LDLIBS)

$(OBJ)/%.o: %.c
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) -MMD -MP -c -o $@ $<

$(SAN)/%.o: %.c
	@mkdir -p $(dir $@)
	$(CC) $(SANFLAGS) -MMD -MP -c -o $@ $<

-include $(shell find build -name '*.d' 2>/dev/null)

test: build/gppc build/scengen build/test_c build/asan/test_c
	@$(PYTHON) tests/run_all.py

bench: build/gppc build/scengen
	$(PYTHON) scripts/run_suite.py -j 2 --out results/default

# Regenerates the embedded default benchmark (maps/ and scenarios/, committed).
defaults: build/scengen
	$(PYTHON) scripts/genmaps.py

# make fuzz: libFuzzer with ASan+UBSan over every parser the driver runs on a
# file (tests/fuzz/harness.h), FUZZ_SECONDS per target, FUZZ_JOBS at a time.
# Needs clang with libFuzzer; the objects are built apart, in build/fuzz/.
FUZZ_CC      ?= clang
FUZZ_SECONDS ?= 60
FUZZ_JOBS    ?= 2
FUZZ         := build/fuzz
FUZZFLAGS    := -std=c11 -O1 -g -Wall -Wextra -Werror -D_POSIX_C_SOURCE=200809L -fno-omit-frame-pointer \
                -DFUZZING_BUILD_MODE_UNSAFE_FOR_PRODUCTION -fsanitize=address,undefined -fno-sanitize-recover=all
FUZZ_OBJ     := $(patsubst %.c,$(FUZZ)/%.o,$(LIB_SRC) $(filter-out main.c,$(DRV_SRC)) $(wildcard tests/fuzz/*.c))

fuzz:
	@command -v $(FUZZ_CC) >/dev/null 2>&1 || { echo "make fuzz needs clang with libFuzzer (apt-get install clang), or FUZZ_CC=..."; exit 2; }
	@printf 'int LLVMFuzzerTestOneInput(const char *d, unsigned long n) { return d && n; }\n' | \
	    $(FUZZ_CC) -fsanitize=fuzzer -x c - -o $(or $(TMPDIR),/tmp)/gppc-fuzz-probe >/dev/null 2>&1 || \
	    { echo "make fuzz: $(FUZZ_CC) cannot link -fsanitize=fuzzer (install libFuzzer: apt-get install clang, or libclang-rt-dev)"; exit 2; }
	@$(MAKE) --no-print-directory $(FUZZ)/gppc_fuzz
	@FUZZ_SECONDS=$(FUZZ_SECONDS) FUZZ_JOBS=$(FUZZ_JOBS) tests/fuzz/run.sh $(FUZZ)/gppc_fuzz $(FUZZ_TARGETS)

$(FUZZ)/gppc_fuzz: $(FUZZ_OBJ)
	$(FUZZ_CC) $(FUZZFLAGS) -fsanitize=fuzzer -o $@ $^ $(LDLIBS)

$(FUZZ)/%.o: %.c
	@mkdir -p $(dir $@)
	$(FUZZ_CC) $(FUZZFLAGS) -fsanitize=fuzzer-no-link -MMD -MP -c -o $@ $<

clean:
	rm -rf build results/pre
