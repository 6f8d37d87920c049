#!/usr/bin/env python3
"""Builds a classic-kit entry folder, unchanged, into a shared object for
`build/gppc --entry ext:DIR` (entries/ext/ext.c) and prints its path.

The folder is the kit's layout: Entry.cpp, its own sources anywhere below, a
compile.sh (run with bash, as the competition does) or else a Makefile (run
with make). Its build runs on a copy of the folder in the cache, with PATH
starting at a folder of compiler names (g++ c++ gcc cc clang clang++) that
are this script in its second role, the compiler wrapper:

- a compile (-c, -S, -E) runs as given plus -fPIC -fno-semantic-interposition
  (position-independent code as close to their -fPIE `run` as a shared
  object allows) and `-idirafter kits/ext/classic` (the kit's Entry.h and
  GPPC.h for a folder that ships without them; their own beside the source
  win);
- the link of `run` (the program the kit's rules name) compiles any source
  on its line the same way, drops every object that defines `main` (the
  kit's main.cpp: the driver is ours), compiles kits/ext/ext_shim.cpp with
  the flags their Entry.cpp was compiled with, and links entry.so with
  their link flags plus -shared -Wl,-z,defs (an undefined symbol fails here,
  not at dlopen) -Wl,-Bsymbolic (their calls between their own files bind
  inside the object, as in an executable, not through the PLT); `run` is linked too, from the same objects, so a build
  that goes on to use it still works (when there is a main to link);
- any other invocation runs unchanged.

The cache (build/ext-cache/, or $GPPC_EXT_CACHE) is keyed by the folder's
content (every file but the kit's run outputs: index_data/, run, result.csv,
run.*, *.o, *.d), this script, the shim, the kit headers and the compiler's
version, so an edit anywhere rebuilds and an unchanged folder is built once,
whatever its path. Builds of one key are serialised by a lock. A build that
was killed (the driver's --time-limit kills its whole process group) leaves
its work folder, KEY.build-* (or KEY.new-*); the next run of this script,
whatever folder it builds, removes every such folder whose key's lock is
free, and says so in one line on stderr.

Exit 0 with the .so's path on stdout; exit 2 with one message on stderr (for
a failed build, the build's last error lines). A folder whose build cannot
be made position-independent (a prebuilt non-PIC archive, a compiler called
by absolute path) fails at the link or with "made no entry.so".

    python3 scripts/ext_build.py path/to/entry-folder
"""
import fcntl
import hashlib
import json
import os
import shutil
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
KIT_HEADERS = os.path.join(ROOT, "kits", "ext", "classic")
SHIM = os.path.join(ROOT, "kits", "ext", "ext_shim.cpp")
WRAPPED = ("g++", "c++", "gcc", "cc", "clang", "clang++")
SOURCE_EXT = (".c", ".cc", ".cpp", ".cxx", ".c++", ".C", ".cp", ".CPP")
SKIP_DIRS = {"index_data", ".git"}
SKIP_FILES = {"run", "result.csv", "run.stdout", "run.stderr", "run.info"}
BUILD_TIMEOUT_S = 1800
ERROR_LINES = 12


class BuildFailed(Exception):
    pass


def fail(msg):
    sys.stderr.write("ext_build: %s\n" % msg)
    sys.exit(2)


# ---- the builder ------------------------------------------------------------

def skipped(rel):
    parts = rel.split(os.sep)
    return parts[0] in SKIP_DIRS or rel in SKIP_FILES or rel.endswith((".o", ".d"))


def folder_files(folder):
    """Relative paths of the folder's files (symlinks as links), sorted."""
    out = []
    for dirpath, dirnames, filenames in os.walk(folder):
        rel_dir = os.path.relpath(dirpath, folder)
        dirnames[:] = sorted(d for d in dirnames if not (rel_dir == "." and d in SKIP_DIRS))
        for name in filenames:
            rel = os.path.normpath(os.path.join(rel_dir, name))
            if not skipped(rel):
                out.append(rel)
    return sorted(out)


def content_key(folder, files):
    h = hashlib.sha256()
    tools = [os.path.abspath(__file__), SHIM] + sorted(
        os.path.join(KIT_HEADERS, f) for f in os.listdir(KIT_HEADERS))
    for path in tools:
        with open(path, "rb") as f:
            h.update(b"tool\0" + f.read())
    for cc in ("g++", "gcc"):
        p = subprocess.run([cc, "--version"], capture_output=True)
        h.update(b"cc\0" + p.stdout)
    for rel in files:
        path = os.path.join(folder, rel)
        h.update(b"file\0" + rel.encode() + b"\0")
        if os.path.islink(path):
            h.update(b"link\0" + os.readlink(path).encode())
        else:
            with open(path, "rb") as f:
                h.update(f.read())
    return h.hexdigest()[:20]


def copy_folder(folder, files, dest):
    for rel in files:
        src, dst = os.path.join(folder, rel), os.path.join(dest, rel)
        os.makedirs(os.path.dirname(dst), exist_ok=True)
        if os.path.islink(src):
            os.symlink(os.readlink(src), dst)
        else:
            shutil.copy2(src, dst)


def error_lines(log_text):
    """The build's last lines that say error (else its last lines)."""
    lines = log_text.rstrip().splitlines()
    errs = [l for l in lines if "error" in l.lower() or "undefined reference" in l]
    return (errs or lines)[-ERROR_LINES:]


def build(folder, work):
    """Runs the folder's own build in work/src; returns the .so path."""
    src, binw = os.path.join(work, "src"), os.path.join(work, "bin")
    copy_folder(folder, folder_files(folder), src)
    os.makedirs(binw)
    for name in WRAPPED:  # a script, not a symlink: it runs whatever this file's mode bits
        with open(os.path.join(binw, name), "w") as f:
            f.write('#!/bin/sh\nexec "%s" "%s" --wrap %s "$@"\n' % (sys.executable, os.path.abspath(__file__), name))
        os.chmod(os.path.join(binw, name), 0o755)
    so = os.path.join(work, "entry.so")
    env = dict(os.environ, PATH=binw + os.pathsep + os.environ.get("PATH", ""),
               CXX=os.path.join(binw, "g++"), CC=os.path.join(binw, "gcc"),
               GPPC_EXT_BIN=binw, GPPC_EXT_SO=so, GPPC_EXT_SRC=src,
               GPPC_EXT_LOG=os.path.join(work, "compiles.jsonl"))
    env.setdefault("MAKEFLAGS", "-j2")
    cmd = ["bash", "compile.sh"] if os.path.isfile(os.path.join(src, "compile.sh")) else ["make"]
    log_path = os.path.join(work, "build.log")
    with open(log_path, "w") as log:
        try:
            p = subprocess.run(cmd, cwd=src, env=env, stdout=log, stderr=subprocess.STDOUT,
                               stdin=subprocess.DEVNULL, timeout=BUILD_TIMEOUT_S)
            code = p.returncode
        except subprocess.TimeoutExpired:
            code = "timeout after %d s" % BUILD_TIMEOUT_S
    with open(log_path, errors="replace") as f:
        text = f.read()
    if code != 0:
        raise BuildFailed("%s: its build (%s) failed (%s); the last error lines:\n  %s"
             % (folder, " ".join(cmd), "exit %d" % code if isinstance(code, int) else code,
                "\n  ".join(error_lines(text))))
    if not os.path.isfile(so):
        raise BuildFailed("%s: its build (%s) succeeded but made no entry.so: it never linked a program named "
             "'run' through g++/gcc/c++/clang on PATH (an absolute compiler path or a prebuilt run "
             "cannot be rebuilt position-independent)" % (folder, " ".join(cmd)))
    return so


def sweep_leftovers(cache):
    """Removes the work folders of builds that were killed: KEY.build-* and
    KEY.new-* whose key's lock nobody holds (a live build holds it)."""
    by_key = {}
    for name in sorted(os.listdir(cache)):
        key, dot, rest = name.partition(".")
        if dot and rest.startswith(("build-", "new-")) and os.path.isdir(os.path.join(cache, name)):
            by_key.setdefault(key, []).append(name)
    for key, names in by_key.items():
        with open(os.path.join(cache, key + ".lock"), "a") as lock:
            try:
                fcntl.flock(lock, fcntl.LOCK_EX | fcntl.LOCK_NB)
            except OSError:
                continue  # its build is running
            for name in names:
                shutil.rmtree(os.path.join(cache, name), ignore_errors=True)
                sys.stderr.write("ext_build: removed %s: the work folder of a build that was stopped before it "
                                 "ended (killed, e.g. past --time-limit)\n" % os.path.join(cache, name))


def build_main(argv):
    if argv in (["-h"], ["--help"]):
        sys.stdout.write("usage: ext_build.py ENTRY_FOLDER\n\n" + __doc__)
        sys.exit(0)
    if len(argv) != 1 or argv[0].startswith("-"):
        fail("usage: ext_build.py ENTRY_FOLDER")
    folder = os.path.abspath(argv[0])
    if not os.path.isdir(folder):
        fail("%s: not a folder (an external entry is a classic-kit entry folder)" % argv[0])
    if not os.path.isfile(os.path.join(folder, "Entry.cpp")):
        fail("%s: no Entry.cpp: not a classic-kit entry folder" % folder)
    if not any(os.path.isfile(os.path.join(folder, f)) for f in ("compile.sh", "Makefile", "makefile",
                                                                   "GNUmakefile")):
        fail("%s: neither compile.sh nor a Makefile: nothing builds it" % folder)
    cache = os.environ.get("GPPC_EXT_CACHE") or os.path.join(ROOT, "build", "ext-cache")
    os.makedirs(cache, exist_ok=True)
    sweep_leftovers(cache)
    key = content_key(folder, folder_files(folder))
    final = os.path.join(cache, key)
    so = os.path.join(final, "entry.so")
    if os.path.isfile(so):
        print(so)
        return
    with open(os.path.join(cache, key + ".lock"), "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if not os.path.isfile(so):  # another build of this key may have finished meanwhile
            work = tempfile.mkdtemp(prefix=key + ".build-", dir=cache)
            failed = os.path.join(cache, key + ".failed")
            try:
                built = build(folder, work)
            except BuildFailed as e:
                shutil.rmtree(failed, ignore_errors=True)
                os.rename(work, failed)  # kept for a look: its build.log, the copy it built
                fail("%s\n  (the whole log: %s)" % (e, os.path.join(failed, "build.log")))
            try:
                keep = tempfile.mkdtemp(prefix=key + ".new-", dir=cache)
                for name in ("build.log", "compiles.jsonl"):
                    if os.path.isfile(os.path.join(work, name)):
                        shutil.move(os.path.join(work, name), keep)
                shutil.move(built, os.path.join(keep, "entry.so"))
                with open(os.path.join(keep, "FOLDER"), "w") as f:
                    f.write(folder + "\n")
                os.rename(keep, final)
            finally:
                shutil.rmtree(work, ignore_errors=True)
    print(so)


# ---- the compiler wrapper ---------------------------------------------------

def real_compiler(name):
    binw = os.environ["GPPC_EXT_BIN"]
    path = [d for d in os.environ.get("PATH", "").split(os.pathsep) if os.path.abspath(d or ".") != binw]
    found = shutil.which(name, path=os.pathsep.join(path))
    if not found:
        sys.stderr.write("ext_build: no %s on PATH\n" % name)
        sys.exit(127)
    return found


# Options whose value is the next argument.
TAKES_VALUE = {"-o", "-I", "-L", "-D", "-U", "-include", "-imacros", "-isystem", "-iquote", "-idirafter",
               "-x", "-MF", "-MT", "-MQ", "-Xlinker", "-T", "-u", "-l"}
LINK_ONLY = ("-l", "-L", "-Wl,", "-Xlinker", "-static", "-pie", "-no-pie", "-rdynamic", "-s", "-shared",
             "-T", "-u")
DROPPED_FOR_SO = {"-static", "-pie", "-no-pie", "-static-pie", "-shared"}
PIC = ["-fPIC", "-fno-semantic-interposition"]


def split_args(args):
    """(options as [arg] or [arg, value], inputs): inputs are the files."""
    opts, inputs, i = [], [], 0
    while i < len(args):
        a = args[i]
        if a in TAKES_VALUE and i + 1 < len(args):
            opts.append([a, args[i + 1]])
            i += 2
            continue
        if a.startswith("-") and a != "-":
            opts.append([a])
        else:
            inputs.append(a)
        i += 1
    return opts, inputs


def flat(opts):
    return [x for o in opts for x in o]


def run(cmd, **kw):
    p = subprocess.run(cmd, **kw)
    if p.returncode != 0:
        sys.exit(p.returncode)


def defines_main(obj):
    p = subprocess.run(["nm", "-g", "--defined-only", obj], capture_output=True, text=True)
    return any(line.split()[-1:] == ["main"] for line in p.stdout.splitlines())


def entry_flags(fallback):
    """The options their Entry.cpp was compiled with (logged), else `fallback`."""
    try:
        with open(os.environ["GPPC_EXT_LOG"]) as f:
            logged = [json.loads(line) for line in f]
    except OSError:
        logged = []
    for rec in reversed(logged):
        if os.path.basename(rec["source"]) == "Entry.cpp":
            return rec["opts"], rec["cwd"]
    return fallback, os.getcwd()


def link_entry(name, opts, inputs):
    """Their link of `run`: the objects, main's dropped, our shim added, as entry.so."""
    out_dir = tempfile.mkdtemp(prefix="objs-", dir=os.path.dirname(os.environ["GPPC_EXT_SO"]))
    compile_opts = [o for o in opts if not o[0].startswith(LINK_ONLY) and o[0] != "-o"]
    objs = []
    for k, path in enumerate(inputs):
        if path.endswith(SOURCE_EXT):
            obj = os.path.join(out_dir, "%03d_%s.o" % (k, os.path.basename(path)))
            log_compile(path, compile_opts)
            run([real_compiler(name)] + flat(compile_opts) + PIC + ["-idirafter", KIT_HEADERS, "-c", path,
                                                                     "-o", obj])
            objs.append(obj)
        else:
            objs.append(path)
    mains = [o for o in objs if o.endswith(".o") and defines_main(o)]
    mine = [o for o in objs if o not in mains]
    shim_opts, shim_cwd = entry_flags(compile_opts)
    shim_opts = [o for o in shim_opts if not o[0].startswith(("-W", "-o", "-M")) and o[0] != "-c"]
    shim_obj = os.path.join(out_dir, "ext_shim.o")
    run([real_compiler(name)] + flat(shim_opts) + PIC +
        ["-iquote", os.environ["GPPC_EXT_SRC"], "-idirafter", KIT_HEADERS, "-Wall", "-Wextra", "-c", SHIM,
         "-o", shim_obj], cwd=shim_cwd)
    link_opts = [o for o in opts if o[0] not in DROPPED_FOR_SO and o[0] != "-o"]
    run([real_compiler(name)] + flat(link_opts) + PIC + ["-shared", "-Wl,-z,defs", "-Wl,-Bsymbolic"] + mine + [shim_obj] +
        ["-o", os.environ["GPPC_EXT_SO"]])
    return objs, bool(mains)


def log_compile(source, opts):
    with open(os.environ["GPPC_EXT_LOG"], "a") as f:
        f.write(json.dumps({"source": source, "opts": opts, "cwd": os.getcwd()}) + "\n")


def wrapper_main(name, args):
    opts, inputs = split_args(args)
    flags = {o[0] for o in opts}
    real = real_compiler(name)
    if not inputs:
        os.execv(real, [real] + args)
    if flags & {"-c", "-S", "-E"}:
        sources = [i for i in inputs if i.endswith(SOURCE_EXT)]
        if len(sources) == 1:
            log_compile(sources[0], [o for o in opts if o[0] not in ("-c", "-o")])
        os.execv(real, [real] + args + PIC + ["-idirafter", KIT_HEADERS])
    out = next((o[1] for o in opts if o[0] == "-o" and len(o) == 2), "a.out")
    if os.path.basename(out) != "run":
        os.execv(real, [real] + args)
    objs, has_main = link_entry(name, opts, inputs)
    if has_main:  # a folder without the kit's main.cpp (ours for the tests) has no `run` to make
        run([real] + flat(opts) + PIC + objs)


if __name__ == "__main__":
    if sys.argv[1:2] == ["--wrap"] and len(sys.argv) > 2 and os.environ.get("GPPC_EXT_BIN"):
        wrapper_main(sys.argv[2], sys.argv[3:])
    else:
        build_main(sys.argv[1:])
