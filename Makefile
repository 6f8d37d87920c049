# gppc-mm. `make` builds build/gppc and the tools; `make test` runs every test;
# `make bench` runs the embedded default benchmark. RELEASE=1 builds with
# -O3 -march=native (not portable to other CPUs, so never the default).
CC      ?= cc
PYTHON  ?= python3
# -fPIC -fvisibility=hidden: one set of objects serves the programs, the
# library and the dynamic kit's shared object (whose version script exports
# its ABI alone); hidden symbols keep calls direct, as the default PIE does.
CFLAGS  := -std=c11 -O2 -g -fPIC -fvisibility=hidden -Wall -Wextra -Werror -D_POSIX_C_SOURCE=200809L
ifeq ($(RELEASE),1)
CFLAGS  := $(filter-out -O2,$(CFLAGS)) -O3 -march=native
endif
# The sanitizer build, make test's second full build: -Og (its tests run as
# fast as at -O1, and it compiles faster) and -g1 (line tables, all a
# sanitizer report names) keep it cheap.
SANFLAGS := -std=c11 -Og -g1 -Wall -Wextra -Werror -D_POSIX_C_SOURCE=200809L \
            -fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=all
LDLIBS  := -lm -ldl
OBJCOPY ?= objcopy

# The floors of docs/ARCHITECTURE.md, bottom up; a program links the floors it uses.
BASE_SRC := $(wildcard common/*.c grid/*.c search/*.c)
LIB_SRC  := $(BASE_SRC) $(wildcard abstraction/*.c cache/*.c refine/*.c entries/*.c entries/*/*.c api/*.c) Entry.c
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

.PHONY: all test test-build test-c test-asan test-py bench defaults clean install kit-classic kit-dynamic fuzz
all: build/gppc build/scengen build/test_c

GPPC_OBJ := $(DRV_OBJ) $(LIB_OBJ)

build/gppc: $(GPPC_OBJ)
	$(CC) $(CFLAGS) -o $@ $(GPPC_OBJ) $(LDLIBS)

build/scengen: $(OBJ)/tools/scengen.o $(BASE_OBJ)
	$(CC) $(CFLAGS) -o $@ $^ $(LDLIBS)

# --wrap lets the tests count allocations made by our own code (tests/c/alloc_count.c).
WRAP := -Wl,--wrap=malloc,--wrap=calloc,--wrap=realloc,--wrap=aligned_alloc
build/test_c: $(TEST_OBJ) $(DRV_LIB_OBJ) $(LIB_OBJ)
	$(CC) $(CFLAGS) $(WRAP) -o $@ $^ $(LDLIBS)

build/asan/test_c: $(SAN_OBJ)
	$(CC) $(SANFLAGS) $(WRAP) -o $@ $^ $(LDLIBS)

# remember(FILE,VALUE): FILE holds VALUE, rewritten (so newer) only when it
# changes, as make reads this file (make -n included, so its list of due
# commands is right): what depends on FILE is rebuilt when VALUE changes.
# One shell and its builtins (mkdir only for a missing folder): every make
# reads it four times, and a process costs more than the comparison.
remember = $(shell [ -d $(dir $(1)) ] || mkdir -p $(dir $(1)); \
                   { IFS= read -r seen < $(1); } 2>/dev/null && [ "$$seen" = '$(2)' ] || echo '$(2)' > $(1))
# The objects depend on the compiler, not on the command that reaches it: the
# record names what $(CC) says it is (its version string and target), so
# another compiler or version rebuilds, while the same compiler behind a
# wrapper (ccache, a timing script) or another name for it does not.
CC_IDENT := $(subst ",,$(shell { printf '__VERSION__\n' | $(CC) -E -P -x c -; $(CC) -dumpmachine; } 2>/dev/null))
# The plain build's test code (not the floors it tests, which stay at
# CFLAGS) is compiled as the sanitizer build is: -Og -g1 compile it in about
# a third of -O2 -g's CPU, and the tests spend their time in the floors.
TEST_CFLAGS := -Og -g1
$(TEST_OBJ): CFLAGS += $(TEST_CFLAGS)
# search/jps.o forces its jump loops inline, and full debug info for those
# copies is the largest single compile of the build: line tables (-g1) keep
# every frame and line a debugger or profiler names, at the same code.
# JPS_DEBUG=-g brings back its variables.
JPS_DEBUG ?= -g1
$(OBJ)/search/jps.o: CFLAGS := $(filter-out -g,$(CFLAGS)) $(JPS_DEBUG)
CFLAGS_SEEN := $(OBJ)/cflags
$(call remember,$(CFLAGS_SEEN),$(CC_IDENT) $(CFLAGS) $(TEST_CFLAGS) $(JPS_DEBUG))
SANFLAGS_SEEN := $(SAN)/sanflags
$(call remember,$(SANFLAGS_SEEN),$(CC_IDENT) $(SANFLAGS))

# The driver names the commit it was built from (build/gppc --version): the
# short hash, -dirty with uncommitted changes (tags left out: a hash alone);
# main.o is rebuilt when that changes.
BUILD_ID := $(shell git describe --always --dirty --exclude '*' 2>/dev/null || echo unknown)
BUILD_ID_SEEN := $(OBJ)/build_id
$(call remember,$(BUILD_ID_SEEN),$(BUILD_ID))
$(OBJ)/main.o: $(BUILD_ID_SEEN)
$(OBJ)/main.o: CFLAGS += -DGPPC_BUILD_ID='"$(BUILD_ID)"'

$(OBJ)/%.o: %.c $(CFLAGS_SEEN)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) -MMD -MP -c -o $@ $<

$(SAN)/%.o: %.c $(SANFLAGS_SEEN)
	@mkdir -p $(dir $@)
	$(CC) $(SANFLAGS) -MMD -MP -c -o $@ $<

-include $(shell find build -name '*.d' 2>/dev/null)

# tests/run_all.py --build runs `make -j2 test-build` itself (a line per
# command), then every test group, a line per group as it ends and a line
# at least every 10 s; it estimates the CPU time first and measures it last.
test:
	@MAKE_CMD='$(MAKE)' $(PYTHON) tests/run_all.py --build

test-build: build/gppc build/scengen build/test_c build/asan/test_c
	@:

# gnuplot-nox is installed when missing if this is root with apt (as CI does).
bench: build/gppc build/scengen
	$(PYTHON) scripts/run_suite.py -j 2 --out results/default --install-gnuplot

# Regenerates the embedded default benchmark (maps/ and scenarios/, committed).
defaults: build/scengen
	$(PYTHON) scripts/genmaps.py

# ---- The library and the start kits (docs/kits.md).
# libgppcmm.a: every floor below the driver plus the public API (api/gppc_mm.h).
PREFIX    ?= /usr/local
KIT_ENTRY ?= mm
PKG_SRC   := $(filter-out Entry.c,$(LIB_SRC))
PKG_OBJ   := $(PKG_SRC:%.c=$(OBJ)/%.o)
PKG_HDR   := $(wildcard common/*.h grid/*.h search/*.h abstraction/*.h cache/*.h refine/*.h entries/*.h \
             entries/*/*.h api/*.h)
DYN_OBJ   := $(PKG_OBJ) $(OBJ)/kits/dynamic/gppc_dynamic.o
KIT_CFG   := build/kit-entry.cfg
DYN_SO    := build/kit-dynamic/lib/libGPPCentry.so

# One relocatable object whose only global symbols are the public API's
# (gppc_mm_*): a game that links the archive may define its own grid_load_map
# or heap_push without a clash (the floors' names are not prefixed).
build/libgppcmm.a: $(PKG_OBJ)
	rm -f $@ $(OBJ)/gppcmm-all.o
	$(LD) -r -o $(OBJ)/gppcmm-all.o $^
	$(OBJCOPY) --wildcard --keep-global-symbol='gppc_mm_*' $(OBJ)/gppcmm-all.o
	ar rcs $@ $(OBJ)/gppcmm-all.o

install: build/libgppcmm.a
	install -d $(DESTDIR)$(PREFIX)/lib/pkgconfig $(DESTDIR)$(PREFIX)/include
	install -m 644 build/libgppcmm.a $(DESTDIR)$(PREFIX)/lib/
	install -m 644 api/gppc_mm.h $(DESTDIR)$(PREFIX)/include/
	sed 's|@PREFIX@|$(PREFIX)|' api/gppc-mm.pc.in > $(DESTDIR)$(PREFIX)/lib/pkgconfig/gppc-mm.pc

# The kit's entry as last built: a new KIT_ENTRY rebuilds the object that names it.
$(call remember,$(KIT_CFG),$(KIT_ENTRY))
$(OBJ)/kits/dynamic/gppc_dynamic.o: kits/dynamic/gppc_dynamic.c $(KIT_CFG) $(CFLAGS_SEEN)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) -DGPPC_MM_SPEC='"$(KIT_ENTRY)"' -MMD -MP -c -o $@ $<

$(DYN_SO): $(DYN_OBJ) kits/dynamic/gppc_dynamic.map
	@mkdir -p $(dir $@)
	$(CC) -shared -Wl,-z,defs -Wl,--version-script=kits/dynamic/gppc_dynamic.map -o $@ $(DYN_OBJ) $(LDLIBS)

# kit_copy(DIR): the sources a kit folder builds from, under DIR/gppcmm/.
kit_copy = rm -rf $(1)/gppcmm && mkdir -p $(1)/gppcmm && cp --parents $(PKG_SRC) $(PKG_HDR) $(1)/gppcmm/ && \
           sed 's|@KIT_ENTRY@|$(KIT_ENTRY)|' $(2)/compile.sh > $(1)/compile.sh && chmod +x $(1)/compile.sh && \
           cp $(2)/apt.txt $(1)/

kit-dynamic: $(DYN_SO)
	$(call kit_copy,build/kit-dynamic,kits/dynamic)
	cp --parents kits/dynamic/gppc_abi.h kits/dynamic/gppc_dynamic.c kits/dynamic/gppc_dynamic.map \
	    build/kit-dynamic/gppcmm/

# The dynamic kit's ABI driven as its ./run does (tests/py/test_kits.py runs it).
build/test_kit_dynamic: tests/kits/test_kit_dynamic.c $(DYN_SO) $(BASE_OBJ)
	$(CC) $(CFLAGS) -o $@ $< $(BASE_OBJ) -Lbuild/kit-dynamic/lib -lGPPCentry -Wl,-rpath,'$$ORIGIN/kit-dynamic/lib' $(LDLIBS)

kit-classic:
	@mkdir -p build/kit-classic
	$(call kit_copy,build/kit-classic,kits/classic)
	cp kits/classic/Entry.cpp build/kit-classic/

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
