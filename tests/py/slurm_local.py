"""A throwaway single-node Slurm on localhost, for tests/py/test_slurm.py and
for trying scripts/slurm_suite.py by hand.

Everything lives in one folder: its own munge key and munged, a slurm.conf
(proctrack/linuxproc and task/affinity, so no cgroups; select/cons_tres by
core; state, spool, logs and pid files inside the folder; ports found free on
127.0.0.1), slurmctld and slurmd in the foreground under our own process
groups. Clients reach it through SLURM_CONF (`env()`). There is no slurmdbd:
finished jobs go to a job completion log (jobcomp/filetxt, `sacct -c` reads
it). Needs root (SlurmUser=root) and Debian's slurm-wlm and munge.

    python3 tests/py/slurm_local.py start DIR   # prints the SLURM_CONF to export
    python3 tests/py/slurm_local.py stop DIR
"""
import os
import shutil
import signal
import socket
import subprocess
import sys
import time

PROGRAMS = ("munged", "slurmctld", "slurmd", "sbatch", "squeue", "scancel", "scontrol", "sinfo")
NODE = "gppcnode"


def missing():
    """Why a local Slurm cannot run here, or None."""
    if os.geteuid() != 0:
        return "a local Slurm needs root (SlurmUser=root)"
    absent = [p for p in PROGRAMS if not shutil.which(p) and not os.path.exists("/usr/sbin/" + p)]
    if absent:
        return "no %s (apt-get install slurm-wlm munge)" % ", ".join(absent)
    return None


def free_ports(n):
    socks = []
    for _ in range(n):
        s = socket.socket()
        s.bind(("127.0.0.1", 0))
        socks.append(s)
    ports = [s.getsockname()[1] for s in socks]
    for s in socks:
        s.close()
    return ports


def node_hardware():
    """'CPUs=2 Boards=1 ... RealMemory=N' of this machine, from `slurmd -C`
    (memory too, so that sbatch --mem is checked against it)."""
    out = subprocess.run([sbin("slurmd"), "-C"], capture_output=True, text=True, timeout=20).stdout
    fields = out.split("\n")[0].split()
    return " ".join(f for f in fields if not f.startswith("NodeName="))


def sbin(name):
    return shutil.which(name) or "/usr/sbin/" + name


class LocalSlurm:
    def __init__(self, folder):
        self.dir = os.path.abspath(folder)
        self.conf = os.path.join(self.dir, "slurm.conf")
        self.procs = []

    def env(self):
        env = dict(os.environ)
        env["SLURM_CONF"] = self.conf
        return env

    def path(self, *names):
        return os.path.join(self.dir, *names)

    def write_conf(self):
        ctld_port, node_port = free_ports(2)
        host = socket.gethostname().split(".")[0]
        lines = [
            "ClusterName=gppctest",
            "SlurmctldHost=%s(127.0.0.1)" % host,
            "SlurmUser=root", "SlurmdUser=root",
            "SlurmctldPort=%d" % ctld_port, "SlurmdPort=%d" % node_port,
            "AuthType=auth/munge", "CredType=cred/munge",
            "AuthInfo=socket=%s" % self.path("munge", "munge.socket"),
            "StateSaveLocation=%s" % self.path("state"),
            "SlurmdSpoolDir=%s" % self.path("spool"),
            "SlurmctldPidFile=%s" % self.path("slurmctld.pid"),
            "SlurmdPidFile=%s" % self.path("slurmd.pid"),
            "SlurmctldLogFile=%s" % self.path("slurmctld.log"),
            "SlurmdLogFile=%s" % self.path("slurmd.log"),
            "ProctrackType=proctrack/linuxproc", "TaskPlugin=task/affinity",
            "JobAcctGatherType=jobacct_gather/none",
            "AccountingStorageType=accounting_storage/none",
            "JobCompType=jobcomp/filetxt", "JobCompLoc=%s" % self.path("jobcomp.log"),
            "SchedulerType=sched/builtin",
            "SelectType=select/cons_tres", "SelectTypeParameters=CR_Core",
            "MpiDefault=none", "ReturnToService=2", "MinJobAge=600",
            "SlurmctldTimeout=10", "SlurmdTimeout=10", "MessageTimeout=5",
            "NodeName=%s NodeAddr=127.0.0.1 %s State=UNKNOWN" % (NODE, node_hardware()),
            "PartitionName=test Nodes=%s Default=YES MaxTime=INFINITE State=UP" % NODE,
        ]
        with open(self.conf, "w") as f:
            f.write("\n".join(lines) + "\n")

    def spawn(self, name, argv):
        log = open(self.path(name + ".out"), "w")
        p = subprocess.Popen(argv, stdout=log, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL,
                             env=self.env(), start_new_session=True)
        log.close()
        self.procs.append(p)
        with open(self.path("pids"), "a") as f:
            f.write("%d\n" % p.pid)
        return p

    def start(self, timeout=40):
        """Starts munged, slurmctld and slurmd; returns once the node is idle.
        Raises RuntimeError with the daemons' last log lines otherwise."""
        for d in ("munge", "state", "spool"):
            os.makedirs(self.path(d), mode=0o700, exist_ok=True)
        os.chmod(self.dir, 0o711)  # munged wants its socket's folders searchable
        key = self.path("munge", "munge.key")
        with open(key, "wb") as f:
            f.write(os.urandom(1024))
        os.chmod(key, 0o600)
        self.write_conf()
        self.spawn("munged", [sbin("munged"), "-F", "-f", "--key-file=" + key,
                              "--socket=" + self.path("munge", "munge.socket"),
                              "--pid-file=" + self.path("munge", "munged.pid"),
                              "--log-file=" + self.path("munge", "munged.log"),
                              "--seed-file=" + self.path("munge", "seed")])
        self.wait(lambda: os.path.exists(self.path("munge", "munge.socket")), 10, "munged")
        self.spawn("slurmctld", [sbin("slurmctld"), "-D", "-c", "-i", "-f", self.conf])
        self.spawn("slurmd", [sbin("slurmd"), "-D", "-N", NODE, "-f", self.conf])
        self.wait(lambda: self.node_state() in ("idle", "mixed", "allocated"), timeout, "an idle node")

    def node_state(self):
        try:
            p = subprocess.run(["sinfo", "-h", "-N", "-o", "%T"], capture_output=True, text=True,
                               env=self.env(), timeout=10)
        except subprocess.TimeoutExpired:
            return ""
        return p.stdout.strip()

    def wait(self, ready, timeout, what):
        end = time.time() + timeout
        while time.time() < end:
            if ready():
                return
            dead = [p for p in self.procs if p.poll() is not None]
            if dead:
                break
            time.sleep(0.2)
        raise RuntimeError("local Slurm: no %s after %ds:\n%s" % (what, timeout, self.logs()))

    def logs(self, lines=6):
        text = []
        for name in ("munge/munged.log", "slurmctld.log", "slurmd.log", "munged.out", "slurmctld.out",
                     "slurmd.out"):
            path = self.path(name)
            if os.path.isfile(path):
                with open(path, errors="replace") as f:
                    tail = f.read().splitlines()[-lines:]
                text.append("  %s: %s" % (name, "\n    ".join(tail)))
        return "\n".join(text)

    def stop(self):
        """Cancels every job, then ends the daemons (TERM, then KILL), each by
        its process group. Safe to call twice and after a failed start."""
        pids = self.pids()
        if os.path.exists(self.conf) and pids:
            try:
                subprocess.run(["scancel", "--full", "-u", "root"], env=self.env(), timeout=10,
                               capture_output=True)
            except subprocess.TimeoutExpired:
                pass
        for sig in (signal.SIGTERM, signal.SIGKILL):
            for pid in reversed(pids):
                try:
                    os.killpg(pid, sig)
                except (ProcessLookupError, PermissionError):
                    pass
            end = time.time() + 5
            while time.time() < end and any(alive(p) for p in pids):
                for p in self.procs:
                    p.poll()
                time.sleep(0.1)
        for p in self.procs:
            p.poll()
        if os.path.exists(self.path("pids")):
            os.remove(self.path("pids"))

    def pids(self):
        if not os.path.isfile(self.path("pids")):
            return []
        with open(self.path("pids")) as f:
            return [int(x) for x in f.read().split()]


def alive(pid):
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    try:
        with open("/proc/%d/stat" % pid) as f:
            return f.read().split(")")[-1].split()[0] != "Z"
    except OSError:
        return False


def main(argv):
    if len(argv) != 2 or argv[0] not in ("start", "stop"):
        sys.exit("usage: slurm_local.py start|stop DIR")
    slurm = LocalSlurm(argv[1])
    if argv[0] == "stop":
        slurm.stop()
        return
    why = missing()
    if why:
        sys.exit("slurm_local: " + why)
    os.makedirs(slurm.dir, exist_ok=True)
    try:
        slurm.start()
    except RuntimeError as e:
        slurm.stop()
        sys.exit(str(e))
    print("export SLURM_CONF=%s" % slurm.conf)


if __name__ == "__main__":
    main(sys.argv[1:])
