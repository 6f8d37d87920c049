#!/bin/sh
# waits for the dao run, then random (14-map sample), rooms (whole), mazes (12-map sample, no jps2+)
while pgrep -f "pre_dao --out" >/dev/null; do sleep 10; done
/tmp/jpp/bench.sh random random512-10-0,random512-10-5,random512-15-0,random512-15-5,random512-20-0,random512-20-5,random512-25-0,random512-25-5,random512-30-0,random512-30-5,random512-35-0,random512-35-5,random512-40-0,random512-40-5 > /tmp/jpp/bench_random.log 2>&1
/tmp/jpp/bench.sh rooms > /tmp/jpp/bench_rooms.log 2>&1
cd /work/wt/issue18jpp && nice -n 10 python3 scripts/compare.py --family mazes --maps maze512-1-0,maze512-1-5,maze512-2-0,maze512-2-5,maze512-4-0,maze512-4-5,maze512-8-0,maze512-8-5,maze512-16-0,maze512-16-5,maze512-32-0,maze512-32-5 --entries jps,jps+ --baseline jps --rounds 3 --gppc /tmp/jpp_D_gppc --pre-dir /tmp/jpp/pre_mazes --out /tmp/jpp/out/mazes > /tmp/jpp/bench_mazes.log 2>&1
echo done > /tmp/jpp/chain.done
