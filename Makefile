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
TEST_SRC := $(wildcard tests/c/*.c)

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

.PHONY: all test test-build test-c test-asan test-py bench defaults clean
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

# The plain and sanitizer builds compile two at a time unless make was given -j.
JOBS_FLAG := $(if $(findstring -j,$(MAKEFLAGS)),,-j2)

# Streams a line per test group as it ends; about 3 minutes on 2 idle cores.
test:
	@echo "make test: building what is out of date (plain and ASan+UBSan), then the tests"
	@$(MAKE) --no-print-directory $(JOBS_FLAG) test-build
	@$(PYTHON) tests/run_all.py

test-build: build/gppc build/scengen build/test_c build/asan/test_c
	@:

# gnuplot-nox is installed when missing if this is root with apt (as CI does).
bench: build/gppc build/scengen
	$(PYTHON) scripts/run_suite.py -j 2 --out results/default --install-gnuplot

# Regenerates the embedded default benchmark (maps/ and scenarios/, committed).
defaults: build/scengen
	$(PYTHON) scripts/genmaps.py

clean:
	rm -rf build results/pre
